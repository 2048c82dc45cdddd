import type { ManagedLabel } from '@touchline/contracts/labels';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDeleteLabel } from '../api/delete-label.ts';
import { memberCountText } from './role-format.ts';

/**
 * Asks before deleting a role. The server refuses while members hold it (and for the default); its message is
 * shown here and the dialog stays open.
 */
export function DeleteRoleDialog({
  label,
  onClose,
  onDeleted,
}: {
  label: ManagedLabel | null;
  onClose: () => void;
  onDeleted: (name: string) => void;
}) {
  const remove = useDeleteLabel();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      isOpen={label !== null}
      onClose={close}
      title={`Delete ${label?.name ?? 'the role'}?`}
      role="alertdialog"
    >
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        <p>
          {label && label.memberCount > 0
            ? `${memberCountText(label.memberCount)} still hold this role: give them another role first.`
            : 'No member holds this role. Members who held it before keep it in their history.'}
        </p>
        <Alert>{remove.isError ? remove.error.message : null}</Alert>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button label="Cancel" variant="tertiary" onClick={close} />
        <Button
          label={remove.isPending ? 'Deleting…' : 'Delete role'}
          variant="quaternary"
          disabled={remove.isPending || label === null}
          onClick={() => {
            if (!label) return;
            remove.mutate(label.id, {
              onSuccess: () => {
                remove.reset();
                onDeleted(label.name);
              },
            });
          }}
        />
      </div>
    </Modal>
  );
}
