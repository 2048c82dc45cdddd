import { useEffect, useRef, type FormEvent } from 'react';
import type { EmergencyContact } from '@touchline/contracts/account';
import { Button } from '../../../components/ui/button.tsx';
import { TextFields } from '../../../components/ui/text-field.tsx';
import { formValues, type FieldErrors } from '../../../lib/forms.ts';
import { prefilledNote, type AccountPrefill } from './account-prefill.ts';

/** Adds or edits one emergency contact; the parent checks and saves the whole list. */
export function EmergencyContactForm({
  contact,
  offered,
  sourceName,
  fieldErrors,
  saving,
  onSubmit,
  onCancel,
}: {
  contact: EmergencyContact | null;
  /** A league partner's values for a new contact (issue 31), each marked as prefilled. */
  offered?: AccountPrefill['emergency'] | undefined;
  sourceName?: string | undefined;
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
  const mark = (key: 'firstName' | 'lastName' | 'phone') =>
    offered?.[key] && sourceName ? { initial: offered[key], description: prefilledNote(sourceName) } : {};
  return (
    <form
      ref={form}
      noValidate
      onSubmit={handleSubmit}
      aria-label={title}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700"
    >
      <h3 className="text-base font-semibold sm:col-span-2">{title}</h3>
      <TextFields
        errors={fieldErrors}
        fields={[
          {
            label: 'First name',
            name: 'firstName',
            initial: contact?.firstName,
            required: true,
            maxLength: 100,
            ...mark('firstName'),
          },
          {
            label: 'Last name',
            name: 'lastName',
            initial: contact?.lastName,
            required: true,
            maxLength: 100,
            ...mark('lastName'),
          },
          {
            label: 'Relationship',
            name: 'relationship',
            description: 'For example Parent, Spouse or Friend.',
            initial: contact?.relationship,
            required: true,
            maxLength: 50,
          },
          { label: 'Phone', name: 'phone', type: 'tel', initial: contact?.phone, ...mark('phone') },
          {
            label: 'E-mail',
            name: 'email',
            type: 'email',
            initial: contact?.email,
            className: 'sm:col-span-2',
          },
        ]}
      />
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" label={saving ? 'Saving…' : 'Save contact'} disabled={saving} />
        <Button variant="tertiary" label="Cancel" onClick={onCancel} disabled={saving} />
      </div>
    </form>
  );
}
