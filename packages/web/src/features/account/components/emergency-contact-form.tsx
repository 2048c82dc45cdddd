import { useEffect, useRef, type FormEvent } from 'react';
import type { EmergencyContact } from '@touchline/contracts/account';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { formValues, type FieldErrors } from '../../../lib/forms.ts';

/** Adds or edits one emergency contact; the parent checks and saves the whole list. */
export function EmergencyContactForm({
  contact,
  fieldErrors,
  saving,
  onSubmit,
  onCancel,
}: {
  contact: EmergencyContact | null;
  fieldErrors: FieldErrors;
  saving: boolean;
  onSubmit: (values: Record<string, string>, form: HTMLFormElement) => void;
  onCancel: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(formValues(event.currentTarget), event.currentTarget);
  };
  const title = contact ? `Edit ${contact.firstName} ${contact.lastName}` : 'New emergency contact';
  return (
    <form
      ref={form}
      noValidate
      onSubmit={handleSubmit}
      aria-label={title}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700"
    >
      <h3 className="text-base font-semibold sm:col-span-2">{title}</h3>
      <FormField
        label="First name"
        name="firstName"
        defaultValue={contact?.firstName}
        error={fieldErrors.firstName}
        required
        maxLength={100}
      />
      <FormField
        label="Last name"
        name="lastName"
        defaultValue={contact?.lastName}
        error={fieldErrors.lastName}
        required
        maxLength={100}
      />
      <FormField
        label="Relationship"
        name="relationship"
        description="For example Parent, Spouse or Friend."
        defaultValue={contact?.relationship}
        error={fieldErrors.relationship}
        required
        maxLength={50}
      />
      <FormField
        label="Phone"
        name="phone"
        type="tel"
        defaultValue={contact?.phone ?? ''}
        error={fieldErrors.phone}
      />
      <FormField
        label="E-mail"
        name="email"
        type="email"
        defaultValue={contact?.email ?? ''}
        error={fieldErrors.email}
        className="sm:col-span-2"
      />
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" label={saving ? 'Saving…' : 'Save contact'} disabled={saving} />
        <Button variant="tertiary" label="Cancel" onClick={onCancel} disabled={saving} />
      </div>
    </form>
  );
}
