import { updateContactInformationBodySchema, type ContactInformation } from '@touchline/contracts/account';
import { useUpdateContactInformation } from '../api/update-contact-information.ts';
import { prefilledNote, type AccountPrefill, type ChildSubject } from './account-prefill.ts';
import { SettingsFormSection } from './settings-form-section.tsx';

/**
 * Account settings → Contact information: how the organization reaches you (or, on a child's page, the child). Every field is optional. Values offered
 * by a prefill (only for empty fields) start in the fields, marked, and are saved only with the section.
 */
export function ContactInformationSection({
  contact,
  offered = {},
  sourceName = '',
  onSaved,
  child,
}: {
  contact: ContactInformation;
  offered?: AccountPrefill['contact'];
  sourceName?: string | undefined;
  onSaved?: () => void;
  /** A guardian's child whose contact information this is (issue 31), instead of the signed-in member's own. */
  child?: ChildSubject;
}) {
  const note = (key: keyof AccountPrefill['contact']) =>
    offered[key] ? { description: prefilledNote(sourceName) } : {};
  return (
    <SettingsFormSection
      title="Contact information"
      description={
        child
          ? `How the organization can reach ${child.firstName}’s family. Leave a field empty to remove it.`
          : 'How your organization can reach you. Leave a field empty to remove it.'
      }
      savedMessage={
        child ? `${child.firstName}’s contact information is saved.` : 'Your contact information is saved.'
      }
      submitLabel="Save contact information"
      schema={updateContactInformationBodySchema}
      mutation={useUpdateContactInformation(child?.profileId)}
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
