import { updateContactInformationBodySchema, type ContactInformation } from '@touchline/contracts/account';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useUpdateContactInformation } from '../api/update-contact-information.ts';
import { useSectionForm } from '../hooks/use-section-form.ts';
import { SettingsSection } from './settings-section.tsx';

/** Account settings → Contact information: how the organization reaches you. Every field is optional. */
export function ContactInformationSection({ contact }: { contact: ContactInformation }) {
  const update = useUpdateContactInformation();
  const { form, fieldErrors, saved, handleSubmit, formError } = useSectionForm(
    updateContactInformationBodySchema,
    update,
  );
  return (
    <SettingsSection
      title="Contact information"
      description="How your organization can reach you. Leave a field empty to remove it."
      success={saved ? 'Your contact information is saved.' : null}
      error={formError}
    >
      <form ref={form} noValidate onSubmit={handleSubmit} className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Contact e-mail"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={contact.email ?? ''}
          error={fieldErrors.email}
        />
        <FormField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={contact.phone ?? ''}
          error={fieldErrors.phone}
        />
        <FormField
          label="Address"
          name="address"
          autoComplete="street-address"
          defaultValue={contact.address ?? ''}
          error={fieldErrors.address}
          className="sm:col-span-2"
        />
        <FormField
          label="City"
          name="city"
          autoComplete="address-level2"
          defaultValue={contact.city ?? ''}
          error={fieldErrors.city}
        />
        <FormField
          label="State or province"
          name="stateId"
          autoComplete="address-level1"
          defaultValue={contact.stateId ?? ''}
          error={fieldErrors.stateId}
        />
        <div className="sm:col-span-2">
          <Button
            type="submit"
            label={update.isPending ? 'Saving…' : 'Save contact information'}
            disabled={update.isPending}
          />
        </div>
      </form>
    </SettingsSection>
  );
}
