import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { z } from 'zod';
import { labelNameSchema, type ManagedLabel } from '@touchline/contracts/labels';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
} from '../../../lib/forms.ts';
import { useUpdateLabel } from '../api/update-label.ts';
import { OrganizationRoleSelect } from './organization-role-select.tsx';
import { roleFromSelect } from './role-format.ts';

const renameSchema = z.object({ name: labelNameSchema });

type EditProps = { label: ManagedLabel; onDone: (message: string) => void; onCancel: () => void };

/** The shared frame of the inline editors: Escape cancels, the server's message shows above the fields. */
function InlineForm({
  title,
  error,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  children,
  formRef,
}: {
  title: string;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={title}
      onSubmit={onSubmit}
      onKeyDown={handleKeyDown}
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-4 dark:bg-slate-950"
    >
      <Alert>{error}</Alert>
      {children}
      <div className="flex gap-3">
        <Button type="submit" label={pending ? 'Saving…' : submitLabel} disabled={pending} />
        <Button label="Cancel" variant="tertiary" onClick={onCancel} />
      </div>
    </form>
  );
}

/** Renames a role in its row: the contract's name rule first, then the server's (a name already in use). */
export function RenameRoleForm({ label, onDone, onCancel }: EditProps) {
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateLabel();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(renameSchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    setFormError(null);
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    if (checked.data.name === label.name) return onCancel();
    update.mutate(
      { id: label.id, name: checked.data.name },
      {
        onSuccess: (saved) => onDone(`${label.name} is renamed ${saved.name}.`),
        onError: (error) => {
          const errors = fieldErrorsFromApi(error);
          setFieldErrors(errors);
          if (Object.keys(errors).length === 0) setFormError(error.message);
          focusFirstError(form.current, errors);
        },
      },
    );
  };

  return (
    <InlineForm
      title={`Rename ${label.name}`}
      error={formError}
      pending={update.isPending}
      submitLabel="Save name"
      onSubmit={handleSubmit}
      onCancel={onCancel}
      formRef={form}
    >
      <TextField
        ref={input}
        label="New name"
        name="name"
        defaultValue={label.name}
        error={fieldErrors.name}
        required
      />
    </InlineForm>
  );
}

/** Changes the organization role a label gives; the server's refusals (the default, the last Admin) show here. */
export function RoleChangeForm({ label, onDone, onCancel }: EditProps) {
  const form = useRef<HTMLFormElement>(null);
  const update = useUpdateLabel();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => form.current?.querySelector('select')?.focus(), []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const role = roleFromSelect(formValues(event.currentTarget).role);
    setFieldErrors({});
    setFormError(null);
    if (role === label.role) return onCancel();
    update.mutate(
      { id: label.id, role },
      {
        onSuccess: () =>
          onDone(role ? `${label.name} now gives ${role}.` : `${label.name} gives no organization role now.`),
        onError: (error) => {
          const errors = fieldErrorsFromApi(error);
          setFieldErrors(errors);
          if (!errors.role) setFormError(error.message);
        },
      },
    );
  };

  return (
    <InlineForm
      title={`Change the organization role of ${label.name}`}
      error={formError}
      pending={update.isPending}
      submitLabel="Save organization role"
      onSubmit={handleSubmit}
      onCancel={onCancel}
      formRef={form}
    >
      <OrganizationRoleSelect defaultValue={label.role} error={fieldErrors.role} />
    </InlineForm>
  );
}
