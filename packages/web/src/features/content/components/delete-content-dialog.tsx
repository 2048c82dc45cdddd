import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDeleteContent } from '../api/delete-content.ts';

/** Asks before deleting a requirement: members stop having it, their history stays. */
export function DeleteContentDialog({
  item,
  onClose,
  onDeleted,
}: {
  item: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: (name: string) => void;
}) {
  const remove = useDeleteContent();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      isOpen={item !== null}
      onClose={close}
      title={`Delete ${item?.name ?? 'the requirement'}?`}
      role="alertdialog"
    >
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        <p>Members who have it stop having it. What they already completed stays in their history.</p>
        <Alert>{remove.isError ? remove.error.message : null}</Alert>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button label="Cancel" variant="tertiary" onClick={close} />
        <Button
          label={remove.isPending ? 'Deleting…' : 'Delete requirement'}
          variant="quaternary"
          disabled={remove.isPending || item === null}
          onClick={() => {
            if (!item) return;
            remove.mutate(item.id, {
              onSuccess: () => {
                remove.reset();
                onDeleted(item.name);
              },
            });
          }}
        />
      </div>
    </Modal>
  );
}
