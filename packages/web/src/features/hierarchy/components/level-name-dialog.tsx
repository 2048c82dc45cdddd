import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { levelNameSchema } from '@touchline/contracts/hierarchy';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';

const nameFormSchema = z.object({ name: levelNameSchema });

/**
 * The one-field dialog that names a level, for adding a level and for renaming one: checks the name with the
 * contract's rule, sends it, and shows the server's answer on the field (a sibling's name) or above the form.
 */
export function LevelNameDialog({
  isOpen,
  onClose,
  title,
  submitLabel,
  pendingLabel,
  defaultName = '',
  onSubmit,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  pendingLabel: string;
  defaultName?: string;
  /** Sends the name; resolves when it was saved, rejects with the server's error otherwise. */
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const handleClose = () => {
    setFieldErrors({});
    setFormError(null);
    onClose();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(nameFormSchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    setFormError(null);
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    setPending(true);
    try {
      await onSubmit(checked.data.name);
      handleClose();
    } catch (error) {
      const errors = fieldErrorsFromApi(error);
      setFieldErrors(errors);
      if (Object.keys(errors).length === 0)
        setFormError(error instanceof Error ? error.message : String(error));
      focusFirstError(form.current, errors);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal isOpen={isOpen} onClose={handleClose} title={title}>
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-5"
      >
        <Alert>{formError}</Alert>
        <TextField label="Name" name="name" defaultValue={defaultName} error={fieldErrors.name} required />
        <div className="flex justify-end gap-3">
          <Button label="Cancel" variant="tertiary" onClick={handleClose} />
          <Button type="submit" label={pending ? pendingLabel : submitLabel} disabled={pending} />
        </div>
      </form>
    </Modal>
  );
}
