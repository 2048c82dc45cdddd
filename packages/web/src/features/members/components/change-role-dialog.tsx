import { useState, type FormEvent } from 'react';
import type { DirectMember, MemberLabel } from '@touchline/contracts/member-admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useChangeRole } from '../api/change-role.ts';

/** Change role: one of the labels the user may give at this level, starting from the member's current one. */
export function ChangeRoleDialog({
  member,
  labels,
  onClose,
}: {
  member: DirectMember | null;
  labels: readonly MemberLabel[];
  onClose: () => void;
}) {
  const changeRole = useChangeRole();
  const [error, setError] = useState<string | null>(null);
  const options = labels
    .filter((label) => label.assignable || label.id === member?.labelId)
    .map((label) => ({ value: label.id, label: label.name }));
  const close = () => {
    setError(null);
    changeRole.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newLabelId = new FormData(event.currentTarget).get('labelId');
    if (!member || typeof newLabelId !== 'string') return;
    if (newLabelId === member.labelId) return close();
    changeRole.mutate(
      { profileLevelAccessId: member.profileLevelAccessId, newLabelId },
      { onSuccess: close, onError: (failure) => setError(failure.message) },
    );
  };
  const name = member ? `${member.firstName} ${member.lastName}` : '';
  return (
    <Modal isOpen={member !== null} onClose={close} title={`Change the role of ${name}`}>
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        <Alert>{error}</Alert>
        <SelectField
          label="Role"
          name="labelId"
          options={options}
          defaultValue={member?.labelId ?? ''}
          required
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" label="Cancel" onClick={close} disabled={changeRole.isPending} />
          <Button
            type="submit"
            label={changeRole.isPending ? 'Saving…' : 'Save role'}
            disabled={changeRole.isPending}
          />
        </div>
      </form>
    </Modal>
  );
}
