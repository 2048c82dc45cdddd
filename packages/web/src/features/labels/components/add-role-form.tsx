import { useId, useRef, useState, type FormEvent } from 'react';
import { createLabelBodySchema } from '@touchline/contracts/labels';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useCreateLabel } from '../api/create-label.ts';
import { OrganizationRoleSelect } from './organization-role-select.tsx';
import { roleFromSelect } from './role-format.ts';

/**
 * Adds a role: its name and the organization role it gives, checked with the contract's rules; the server's field
 * errors (a name already in use) land on their fields.
 */
export function AddRoleForm({ onAdded }: { onAdded: (name: string) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateLabel();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const headingId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const checked = validateForm(createLabelBodySchema, {
      name: values.name ?? '',
      role: roleFromSelect(values.role),
    });
    setFieldErrors(checked.errors ?? {});
    setFormError(null);
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    create.mutate(checked.data, {
      onSuccess: (label) => {
        form.current?.reset();
        onAdded(label.name);
      },
      onError: (error) => {
        const errors = fieldErrorsFromApi(error);
        setFieldErrors(errors);
        if (Object.keys(errors).length === 0) setFormError(error.message);
        focusFirstError(form.current, errors);
      },
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Add a role
      </h2>
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-4"
      >
        <Alert>{formError}</Alert>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Role name" name="name" error={fieldErrors.name} required />
          <OrganizationRoleSelect defaultValue={null} error={fieldErrors.role} />
        </div>
        <Button type="submit" label={create.isPending ? 'Adding…' : 'Add role'} disabled={create.isPending} />
      </form>
    </section>
  );
}
