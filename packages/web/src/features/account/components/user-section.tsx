import { updateAccountUserBodySchema, type AccountUser } from '@touchline/contracts/account';
import { useUpdateAccountUser } from '../api/update-account-user.ts';
import { SettingsFormSection } from './settings-form-section.tsx';

/** Account settings → User: first and last name, the sign-in e-mail (read-only) and the date of birth. */
export function UserSection({ user }: { user: AccountUser }) {
  return (
    <SettingsFormSection
      title="User"
      description="Your name as your organization sees it, and your date of birth."
      savedMessage="Your details are saved."
      submitLabel="Save details"
      schema={updateAccountUserBodySchema}
      mutation={useUpdateAccountUser()}
      fields={[
        {
          label: 'First name',
          name: 'firstName',
          autoComplete: 'given-name',
          initial: user.firstName,
          required: true,
          maxLength: 100,
        },
        {
          label: 'Last name',
          name: 'lastName',
          autoComplete: 'family-name',
          initial: user.lastName,
          required: true,
          maxLength: 100,
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
          initial: user.dateOfBirth,
        },
      ]}
    />
  );
}
