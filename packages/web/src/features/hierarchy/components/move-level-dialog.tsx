import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fieldErrorsFromApi, type FieldErrors, clearEditedError } from '../../../lib/forms.ts';
import { useMoveTargets } from '../api/get-move-targets.ts';
import { useMoveLevel } from '../api/move-level.ts';

/**
 * Moves a level, with everything below it, under another level. The picker lists only the levels the server
 * offers (where the user is an administrator, never the level's own subtree nor its current parent), each named
 * with the way down from the top so equal names stay apart.
 */
export function MoveLevelDialog({
  isOpen,
  onClose,
  onMoved,
  level,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the new parent's name once the move is saved. */
  onMoved: (parentName: string) => void;
  level: { id: string; name: string };
}) {
  const targets = useMoveTargets(level.id, isOpen);
  const move = useMoveLevel();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const id = useId();
  const errorId = `${id}-error`;

  const handleClose = () => {
    setFieldErrors({});
    move.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parentId = new FormData(event.currentTarget).get('parentId');
    if (typeof parentId !== 'string' || parentId === '') {
      setFieldErrors({ parentId: 'Choose the level to move it under' });
      return;
    }
    setFieldErrors({});
    move.mutate(
      { id: level.id, parentId },
      {
        onSuccess: () => {
          onMoved(targets.data?.find((t) => t.id === parentId)?.name ?? '');
          handleClose();
        },
        onError: (error) => setFieldErrors(fieldErrorsFromApi(error)),
      },
    );
  };

  const formError = move.isError && Object.keys(fieldErrors).length === 0 ? move.error.message : null;
  return (
    <Modal isOpen={isOpen} onClose={handleClose} title={`Move ${level.name}`}>
      {targets.isPending ? (
        <Spinner label="Loading the levels it can move to" />
      ) : targets.isError ? (
        <Alert>{targets.error.message}</Alert>
      ) : targets.data.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          There is no other level you can move {level.name} to.
        </p>
      ) : (
        <form
          onInput={clearEditedError(setFieldErrors)}
          noValidate
          onSubmit={handleSubmit}
          className="space-y-5"
        >
          <Alert>{formError}</Alert>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {level.name} moves with every level and member below it.
          </p>
          <div>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Move under
            </label>
            <select
              id={id}
              name="parentId"
              defaultValue=""
              required
              aria-invalid={fieldErrors.parentId ? true : undefined}
              aria-describedby={fieldErrors.parentId ? errorId : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
            >
              <option value="" disabled>
                Choose a level…
              </option>
              {targets.data.map((target) => (
                <option key={target.id} value={target.id}>
                  {target.pathNames.join(' › ')}
                </option>
              ))}
            </select>
            {fieldErrors.parentId ? (
              <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                {fieldErrors.parentId}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-3">
            <Button label="Cancel" variant="tertiary" onClick={handleClose} />
            <Button type="submit" label={move.isPending ? 'Moving…' : 'Move'} disabled={move.isPending} />
          </div>
        </form>
      )}
    </Modal>
  );
}
