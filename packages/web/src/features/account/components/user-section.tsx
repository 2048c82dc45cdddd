import { updateAccountUserBodySchema, type AccountUser } from '@touchline/contracts/account';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useUpdateAccountUser } from '../api/update-account-user.ts';
import { useSectionForm } from '../hooks/use-section-form.ts';
import { SettingsSection } from './settings-section.tsx';

/** Account settings → User: first and last name, the sign-in e-mail (read-only) and the date of birth. */
export function UserSection({ user }: { user: AccountUser }) {
  const update = useUpdateAccountUser();
  const { form, fieldErrors, saved, handleSubmit, formError } = useSectionForm(
    updateAccountUserBodySchema,
    update,
  );
  return (
    <SettingsSection
      title="User"
      description="Your name as your organization sees it, and your date of birth."
      success={saved ? 'Your details are saved.' : null}
      error={formError}
    >
      <form ref={form} noValidate onSubmit={handleSubmit} className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          defaultValue={user.firstName}
          error={fieldErrors.firstName}
          required
          maxLength={100}
        />
        <FormField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          defaultValue={user.lastName}
          error={fieldErrors.lastName}
          required
          maxLength={100}
        />
        <FormField
          label="E-mail address"
          name="email"
          type="email"
          defaultValue={user.email}
          readOnly
          description="This is the address you sign in with; it cannot be changed here."
          className="sm:col-span-2"
        />
        <FormField
          label="Date of birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          defaultValue={user.dateOfBirth ?? ''}
          error={fieldErrors.dateOfBirth}
        />
        <div className="flex items-end sm:col-span-2">
          <Button
            type="submit"
            label={update.isPending ? 'Saving…' : 'Save details'}
            disabled={update.isPending}
          />
        </div>
      </form>
    </SettingsSection>
  );
}
