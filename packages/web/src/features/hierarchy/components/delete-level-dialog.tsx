import { membersRemainMessage } from '@touchline/contracts/hierarchy';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDeleteLevel } from '../api/delete-level.ts';

/**
 * Asks before deleting a level and everything below it. While members remain (the navigation's count of the whole
 * subtree, the one the server checks) it says so with the count and offers no Delete; should members arrive
 * meanwhile, the server's refusal is shown here and the dialog stays open.
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
  level: { id: string; name: string; childCount: number; memberCount: number | null };
}) {
  const remove = useDeleteLevel();
  const blocked = (level.memberCount ?? 0) > 0;
  const handleClose = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal isOpen={isOpen} onClose={handleClose} title={`Delete ${level.name}?`} role="alertdialog">
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {blocked ? null : (
          <p>
            {level.childCount > 0
              ? `${level.name} and every level below it will be deleted.`
              : `${level.name} will be deleted.`}{' '}
            A level can only be deleted when no members remain in it.
          </p>
        )}
        {blocked ? (
          <Alert tone="info">{membersRemainMessage(level.memberCount ?? 0)}</Alert>
        ) : (
          <Alert>{remove.isError ? remove.error.message : null}</Alert>
        )}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button label={blocked ? 'Close' : 'Cancel'} variant="tertiary" onClick={handleClose} />
        {blocked ? null : (
          <Button
            label={remove.isPending ? 'Deleting…' : 'Delete level'}
            variant="quaternary"
            disabled={remove.isPending}
            onClick={() => remove.mutate(level.id, { onSuccess: onDeleted })}
          />
        )}
      </div>
    </Modal>
  );
}
