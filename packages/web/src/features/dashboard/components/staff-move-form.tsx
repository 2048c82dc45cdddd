import { useId, useState } from 'react';
import { staffNoteMaxLength } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStaffMove } from '../api/staff-moves.ts';

const inputClass =
  'mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900';

/**
 * Staff complete or reopen one of a member's requirements by hand (ADR 025), offered only for the moves the server
 * listed as allowed: a date (completion) and a note, both kept in the requirement's history.
 */
export function StaffMoveForm({
  name,
  definitionId,
  plaId,
  allowed,
  onDone,
}: {
  name: string;
  definitionId: string;
  plaId: string;
  allowed: readonly ('markComplete' | 'markIncomplete')[];
  /** After a move succeeded (the member's own requirement page refetches its list). */
  onDone?: () => void;
}) {
  const id = useId();
  const move = useStaffMove();
  const today = new Date().toISOString().slice(0, 10);
  const [open, setOpen] = useState<'markComplete' | 'markIncomplete' | null>(null);
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  if (allowed.length === 0) return null;
  const submit = () => {
    if (!open || move.isPending) return;
    const input =
      open === 'markComplete'
        ? { kind: open, definitionId, plaId, date, note }
        : { kind: open, definitionId, plaId, note };
    move.mutate(input, {
      onSuccess: () => {
        setDone(open === 'markComplete' ? `${name} marked complete.` : `${name} reopened.`);
        setOpen(null);
        setNote('');
        onDone?.();
      },
    });
  };
  return (
    <div className="space-y-2">
      <Alert tone="success">{done}</Alert>
      {open === null ? (
        <div className="flex flex-wrap gap-2">
          {allowed.includes('markComplete') ? (
            <Button
              variant="tertiary"
              label="Mark complete…"
              aria-label={`Mark complete: ${name}`}
              onClick={() => setOpen('markComplete')}
            />
          ) : null}
          {allowed.includes('markIncomplete') ? (
            <Button
              variant="tertiary"
              label="Reopen…"
              aria-label={`Reopen: ${name}`}
              onClick={() => setOpen('markIncomplete')}
            />
          ) : null}
        </div>
      ) : (
        <form
          aria-label={open === 'markComplete' ? `Mark complete: ${name}` : `Reopen: ${name}`}
          className="space-y-2 rounded-md border border-slate-300 p-3 dark:border-slate-700"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {open === 'markComplete' ? (
            <div>
              <label htmlFor={`${id}-date`} className="block text-sm font-medium">
                Completed on
              </label>
              <input
                id={`${id}-date`}
                type="date"
                required
                value={date}
                max={today}
                onChange={(e) => setDate(e.target.value)}
                className={inputClass}
              />
            </div>
          ) : null}
          <div>
            <label htmlFor={`${id}-note`} className="block text-sm font-medium">
              Note (kept in the history)
            </label>
            <textarea
              id={`${id}-note`}
              rows={2}
              maxLength={staffNoteMaxLength}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={inputClass}
            />
          </div>
          {move.isError ? (
            <Alert>{move.error instanceof ApiError ? move.error.message : 'The change failed.'}</Alert>
          ) : null}
          <div className="flex gap-2">
            <Button
              type="submit"
              label={open === 'markComplete' ? 'Mark complete' : 'Reopen'}
              disabled={move.isPending}
            />
            <Button variant="tertiary" label="Cancel" onClick={() => setOpen(null)} />
          </div>
        </form>
      )}
    </div>
  );
}
