import { updateContactInformationBodySchema, type ContactInformation } from '@touchline/contracts/account';
import { useUpdateContactInformation } from '../api/update-contact-information.ts';
import { prefilledNote, type AccountPrefill } from './account-prefill.ts';
import { SettingsFormSection } from './settings-form-section.tsx';

/**
 * Account settings → Contact information: how the organization reaches you. Every field is optional. Values offered
 * by a prefill (only for empty fields) start in the fields, marked, and are saved only with the section.
 */
export function ContactInformationSection({
  contact,
  offered = {},
  sourceName = '',
  onSaved,
}: {
  contact: ContactInformation;
  offered?: AccountPrefill['contact'];
  sourceName?: string;
  onSaved?: () => void;
}) {
  const note = (key: keyof AccountPrefill['contact']) =>
    offered[key] ? { description: prefilledNote(sourceName) } : {};
  return (
    <SettingsFormSection
      title="Contact information"
      description="How your organization can reach you. Leave a field empty to remove it."
      savedMessage="Your contact information is saved."
      submitLabel="Save contact information"
      schema={updateContactInformationBodySchema}
      mutation={useUpdateContactInformation()}
      onSaved={onSaved}
      fields={[
        {
          label: 'Contact e-mail',
          name: 'email',
          type: 'email',
          autoComplete: 'email',
          initial: contact.email,
        },
        {
          label: 'Phone',
          name: 'phone',
          type: 'tel',
          autoComplete: 'tel',
          initial: offered.phone ?? contact.phone,
          ...note('phone'),
        },
        {
          label: 'Address',
          name: 'address',
          autoComplete: 'street-address',
          initial: offered.address ?? contact.address,
          className: 'sm:col-span-2',
          ...note('address'),
        },
        {
          label: 'City',
          name: 'city',
          autoComplete: 'address-level2',
          initial: offered.city ?? contact.city,
          ...note('city'),
        },
        {
          label: 'State or province',
          name: 'stateId',
          autoComplete: 'address-level1',
          initial: offered.stateId ?? contact.stateId,
          ...note('stateId'),
        },
      ]}
    />
  );
}
