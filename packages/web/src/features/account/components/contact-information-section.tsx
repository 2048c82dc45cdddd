import { updateContactInformationBodySchema, type ContactInformation } from '@touchline/contracts/account';
import { useUpdateContactInformation } from '../api/update-contact-information.ts';
import { SettingsFormSection } from './settings-form-section.tsx';

/** Account settings → Contact information: how the organization reaches you. Every field is optional. */
export function ContactInformationSection({ contact }: { contact: ContactInformation }) {
  return (
    <SettingsFormSection
      title="Contact information"
      description="How your organization can reach you. Leave a field empty to remove it."
      savedMessage="Your contact information is saved."
      submitLabel="Save contact information"
      schema={updateContactInformationBodySchema}
      mutation={useUpdateContactInformation()}
      fields={[
        {
          label: 'Contact e-mail',
          name: 'email',
          type: 'email',
          autoComplete: 'email',
          initial: contact.email,
        },
        { label: 'Phone', name: 'phone', type: 'tel', autoComplete: 'tel', initial: contact.phone },
        {
          label: 'Address',
          name: 'address',
          autoComplete: 'street-address',
          initial: contact.address,
          className: 'sm:col-span-2',
        },
        { label: 'City', name: 'city', autoComplete: 'address-level2', initial: contact.city },
        {
          label: 'State or province',
          name: 'stateId',
          autoComplete: 'address-level1',
          initial: contact.stateId,
        },
      ]}
    />
  );
}
