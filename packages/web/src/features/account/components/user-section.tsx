import { updateAccountUserBodySchema, type AccountUser } from '@touchline/contracts/account';
import { useUpdateAccountUser } from '../api/update-account-user.ts';
import { prefilledNote, type AccountPrefill } from './account-prefill.ts';
import { SettingsFormSection } from './settings-form-section.tsx';

/**
 * Account settings → User: first and last name, the sign-in e-mail (read-only) and the date of birth. Values offered
 * by a prefill (only for empty fields) start in the fields, marked, and are saved only with the section.
 */
export function UserSection({
  user,
  offered = {},
  sourceName = '',
  onSaved,
}: {
  user: AccountUser;
  offered?: AccountPrefill['user'];
  sourceName?: string;
  onSaved?: () => void;
}) {
  const note = (key: keyof AccountPrefill['user']) =>
    offered[key] ? { description: prefilledNote(sourceName) } : {};
  return (
    <SettingsFormSection
      title="User"
      description="Your name as your organization sees it, and your date of birth."
      savedMessage="Your details are saved."
      submitLabel="Save details"
      schema={updateAccountUserBodySchema}
      mutation={useUpdateAccountUser()}
      onSaved={onSaved}
      fields={[
        {
          label: 'First name',
          name: 'firstName',
          autoComplete: 'given-name',
          initial: offered.firstName ?? user.firstName,
          required: true,
          maxLength: 100,
          ...note('firstName'),
        },
        {
          label: 'Last name',
          name: 'lastName',
          autoComplete: 'family-name',
          initial: offered.lastName ?? user.lastName,
          required: true,
          maxLength: 100,
          ...note('lastName'),
        },
        {
          label: 'E-mail address',
          name: 'email',
          type: 'email',
          initial: user.email,
          readOnly: true,
          description: 'This is the address you sign in with; it cannot be changed here.',
          className: 'sm:col-span-2',
        },
        {
          label: 'Date of birth',
          name: 'dateOfBirth',
          type: 'date',
          autoComplete: 'bday',
          initial: offered.dateOfBirth ?? user.dateOfBirth,
          ...note('dateOfBirth'),
        },
      ]}
    />
  );
}
