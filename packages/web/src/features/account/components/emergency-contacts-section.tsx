import { useId, useRef, useState } from 'react';
import {
  emergencyContactInputSchema,
  maxEmergencyContacts,
  type EmergencyContact,
  type ReplaceEmergencyContactsBody,
} from '@touchline/contracts/account';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorsFromApi, focusFirstError, validateForm, type FieldErrors } from '../../../lib/forms.ts';
import { useReplaceEmergencyContacts } from '../api/replace-emergency-contacts.ts';
import type { AccountPrefill, ChildSubject } from './account-prefill.ts';
import { EmergencyContactForm } from './emergency-contact-form.tsx';
import { SettingsSection } from './settings-section.tsx';

type SavedContact = ReplaceEmergencyContactsBody['contacts'][number];

const asInput = ({ profileId: _profileId, ...contact }: EmergencyContact): SavedContact => contact;

/** The server names a contact's fields `contacts.{index}.{field}`; the open form knows them by `{field}`. */
function errorsOfContact(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `contacts.${index}.`;
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, message]) =>
      field.startsWith(prefix) ? [[field.slice(prefix.length), message]] : [],
    ),
  );
}

/**
 * Account settings → Emergency contacts: up to five people to call, each added, edited or removed on its own
 * (every change saves the whole list, which the server replaces).
 */
export function EmergencyContactsSection({
  contacts,
  offered = {},
  sourceName,
  onOfferedSaved,
  child,
}: {
  contacts: EmergencyContact[];
  /** A contact a league partner knows (issue 31): offered while the list is empty, saved only with the form. */
  offered?: NonNullable<AccountPrefill['emergency']>;
  sourceName?: string | undefined;
  onOfferedSaved?: () => void;
  /** A guardian's child whose contacts these are (issue 31), instead of the signed-in member's own. */
  child?: ChildSubject;
}) {
  const replace = useReplaceEmergencyContacts(child?.profileId);
  const whose = child ? `${child.firstName}’s` : 'your';
  const [editing, setEditing] = useState<number | 'new' | 'offered' | null>(null);
  const hasOffer = Object.keys(offered).length > 0 && sourceName !== undefined;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const fullHintId = useId();
  // After the form closes or a contact goes, focus lands on 'Add emergency contact' rather than the page's start.
  const focusAdd = useRef(false);
  const full = contacts.length >= maxEmergencyContacts;

  const open = (which: number | 'new' | 'offered') => {
    setFieldErrors({});
    setMessage(null);
    replace.reset();
    setEditing(which);
  };
  const close = () => {
    focusAdd.current = true;
    setEditing(null);
    setFieldErrors({});
  };

  const save = (
    list: SavedContact[],
    index: number,
    done: string,
    form?: HTMLFormElement,
    after?: () => void,
  ) => {
    setMessage(null);
    replace.mutate(
      { contacts: list },
      {
        onSuccess: () => {
          setMessage(done);
          close();
          after?.();
        },
        onError: (error) => {
          const errors = errorsOfContact(fieldErrorsFromApi(error), index);
          setFieldErrors(errors);
          if (form) focusFirstError(form, errors);
        },
      },
    );
  };

  const handleSubmit = (values: Record<string, string>, form: HTMLFormElement) => {
    const checked = validateForm(emergencyContactInputSchema, values);
    setFieldErrors(checked.errors ?? {});
    if (checked.errors) return focusFirstError(form, checked.errors);
    const list = contacts.map(asInput);
    const adding = editing === 'new' || editing === 'offered' || editing === null;
    const index = adding ? list.length : editing;
    list[index] = { ...checked.data, ...(adding ? {} : { id: contacts[index]?.id }) };
    const done = adding ? 'Emergency contact added.' : 'Emergency contact saved.';
    save(list, index, done, form, editing === 'offered' ? onOfferedSaved : undefined);
  };

  const handleRemove = (index: number) => {
    const contact = contacts[index];
    const list = contacts.map(asInput).filter((_, i) => i !== index);
    const name = contact ? `${contact.firstName} ${contact.lastName}` : 'The contact';
    save(list, -1, `${name} was removed from ${whose} emergency contacts.`);
  };

  const listError = replace.isError && Object.keys(fieldErrors).length === 0 ? replace.error.message : null;
  return (
    <SettingsSection
      title="Emergency contacts"
      description={`People to call if something happens to ${child ? child.firstName : 'you'}; up to ${maxEmergencyContacts}.`}
      success={message}
      error={listError}
    >
      {contacts.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {child
            ? `${child.firstName} has no emergency contacts yet.`
            : 'You have no emergency contacts yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {contacts.map((contact, index) => (
            <li key={contact.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">
                  {contact.firstName} {contact.lastName}{' '}
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    ({contact.relationship})
                  </span>
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {[contact.phone, contact.email].filter(Boolean).join(' · ') || 'No phone or e-mail'}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  label="Edit"
                  aria-label={`Edit ${contact.firstName} ${contact.lastName}`}
                  onClick={() => open(index)}
                  disabled={replace.isPending}
                />
                <Button
                  variant="tertiary"
                  label="Remove"
                  aria-label={`Remove ${contact.firstName} ${contact.lastName}`}
                  onClick={() => handleRemove(index)}
                  disabled={replace.isPending}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing === null ? (
        <div
          className="mt-4"
          ref={(element) => {
            if (!element || !focusAdd.current) return;
            focusAdd.current = false;
            element.querySelector('button')?.focus();
          }}
        >
          {hasOffer ? (
            <div data-testid="emergency-prefill" className="mb-3 space-y-2">
              <p className="text-sm">
                {`${sourceName} knows an emergency contact for ${child ? child.firstName : 'you'}: ${[offered.firstName, offered.lastName].filter(Boolean).join(' ')}${offered.phone ? ` · ${offered.phone}` : ''}. Add it, check it and say who they are to ${child ? child.firstName : 'you'}; nothing is saved until you save the contact.`}
              </p>
              <Button
                label={`Add the contact from ${sourceName}`}
                onClick={() => open('offered')}
                disabled={replace.isPending}
              />
            </div>
          ) : null}
          <Button
            variant="secondary"
            label="Add emergency contact"
            onClick={() => open('new')}
            disabled={full || replace.isPending}
            aria-describedby={full ? fullHintId : undefined}
          />
          {full ? (
            <p id={fullHintId} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {child ? `${child.firstName} has` : 'You have'} {maxEmergencyContacts} contacts, the most you
              can keep. Remove one to add another.
            </p>
          ) : null}
        </div>
      ) : (
        <EmergencyContactForm
          key={String(editing)}
          contact={editing === 'new' || editing === 'offered' ? null : (contacts[editing] ?? null)}
          offered={editing === 'offered' ? offered : undefined}
          sourceName={sourceName}
          fieldErrors={fieldErrors}
          saving={replace.isPending}
          onSubmit={handleSubmit}
          onCancel={close}
        />
      )}
    </SettingsSection>
  );
}
