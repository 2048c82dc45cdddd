import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDeleteLevel } from '../api/delete-level.ts';

/**
 * Asks before deleting a level and everything below it. The server refuses while members remain; its message
 * (how many remain) is shown here, and the dialog stays open.
 */
export function DeleteLevelDialog({
  isOpen,
  onClose,
  onDeleted,
  level,
}: {
  isOpen: boolean;
  onClose: () => void;
  onDeleted: () => void;
  level: { id: string; name: string; childCount: number };
}) {
  const remove = useDeleteLevel();
  const handleClose = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal isOpen={isOpen} onClose={handleClose} title={`Delete ${level.name}?`} role="alertdialog">
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        <p>
          {level.childCount > 0
            ? `${level.name} and every level below it will be deleted.`
            : `${level.name} will be deleted.`}{' '}
          A level can only be deleted when no members remain in it.
        </p>
        <Alert>{remove.isError ? remove.error.message : null}</Alert>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button label="Cancel" variant="tertiary" onClick={handleClose} />
        <Button
          label={remove.isPending ? 'Deleting…' : 'Delete level'}
          variant="quaternary"
          disabled={remove.isPending}
          onClick={() => remove.mutate(level.id, { onSuccess: onDeleted })}
        />
      </div>
    </Modal>
  );
}
