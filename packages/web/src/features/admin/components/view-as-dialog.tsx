import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  supportReasonMinLength,
  supportSessionDefaultMinutes,
  supportSessionMaxMinutes,
  type AdminOrganizationPerson,
} from '@touchline/contracts/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { enterSupportSession } from '../../../lib/support-access.ts';
import { useStartSupportSession } from '../api/support-sessions.ts';
import { inputClass } from './format.ts';

/**
 * Asks why and for how long before viewing an organization as one of its people (issue 32): the reason is
 * required, the time box at most an hour, read-only unless the operator ticks writes. Then the app runs as them.
 */
export function ViewAsDialog({
  person,
  onClose,
}: {
  person: AdminOrganizationPerson | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState(supportSessionDefaultMinutes);
  const [allowWrites, setAllowWrites] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useStartSupportSession();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!person) return;
    if (reason.trim().length < supportReasonMinLength) {
      setError(`Give a reason of at least ${supportReasonMinLength} characters.`);
      return;
    }
    setError(null);
    try {
      const session = await start.mutateAsync({
        profileId: person.profileId,
        reason: reason.trim(),
        minutes,
        allowWrites,
      });
      enterSupportSession(session);
      onClose();
      await navigate('/');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The support session could not start.');
    }
  };

  return (
    <Modal
      isOpen={person !== null}
      onClose={onClose}
      title={`View as ${person?.firstName ?? ''} ${person?.lastName ?? ''}`}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The organization sees this session, its reason and every page you open in its audit log.
        </p>
        <div>
          <label htmlFor="view-as-reason" className="block text-sm font-medium">
            Reason
          </label>
          <textarea
            id="view-as-reason"
            className={inputClass}
            rows={3}
            value={reason}
            required
            aria-invalid={error !== null}
            aria-describedby="view-as-reason-help"
            onChange={(e) => setReason(e.target.value)}
          />
          <p id="view-as-reason-help" className="text-xs text-slate-600 dark:text-slate-400">
            A ticket number and what you are checking, at least {supportReasonMinLength} characters.
          </p>
        </div>
        <label className="block text-sm font-medium">
          Minutes
          <input
            type="number"
            className={inputClass}
            min={5}
            max={supportSessionMaxMinutes}
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={allowWrites} onChange={(e) => setAllowWrites(e.target.checked)} />
          Allow changes (read-only otherwise)
        </label>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" label="Cancel" onClick={onClose} />
          <Button type="submit" label="Start viewing" disabled={start.isPending} />
        </div>
      </form>
    </Modal>
  );
}
