import { useId, useRef, useState, type FormEvent } from 'react';
import { recordConsentBodySchema, type RecordConsentBody } from '@touchline/contracts/background-checks';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  clearEditedError,
  fieldErrorsFromApi,
  focusFirstError,
  validateForm,
  type FieldErrors,
} from '../../../lib/forms.ts';

const textBox =
  'max-h-60 overflow-y-auto rounded-md border border-slate-300 bg-white p-3 text-sm whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-700 dark:bg-slate-950';

type Address = RecordConsentBody['address'];

/** What an FCRA consent form shows and how it signs. */
export interface FcraConsentFormProps {
  ariaLabel: string;
  disclosureTitle: string;
  authorizeLabel: string;
  consentText: { version: string; disclosure: string; authorization: string };
  memberName: string;
  /** The address we already know, filled in for the member to confirm. */
  knownAddress?: Address | null;
  submitLabel?: string;
  pending: boolean;
  /** Sends the signed body; a failure comes back through `onError` (field errors land on their fields). */
  onSign: (body: RecordConsentBody, onError: (error: Error) => void) => void;
}

/**
 * The FCRA stand-alone disclosure and the authorization, shown in full, both accepted, signed with the member's
 * typed name and their current address (the background check's consent, ADR 030, and the sex offender search's
 * evergreen consent, ADR 032).
 */
export function FcraConsentForm({
  ariaLabel,
  disclosureTitle,
  authorizeLabel,
  consentText,
  memberName,
  knownAddress,
  submitLabel = 'Sign the authorization',
  pending,
  onSign,
}: FcraConsentFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const disclosureId = useId();
  const authorizationId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    const checked = validateForm(recordConsentBodySchema, {
      textVersion: consentText.version,
      acceptDisclosure: data.get('acceptDisclosure') === 'on',
      acceptAuthorization: data.get('acceptAuthorization') === 'on',
      typedName: value('typedName'),
      address: {
        line1: value('address.line1'),
        line2: value('address.line2'),
        city: value('address.city'),
        state: value('address.state'),
        postalCode: value('address.postalCode'),
      },
    });
    setErrors(checked.errors ?? {});
    setFormError(null);
    if (!checked.data) return focusFirstError(form.current, checked.errors ?? {});
    onSign(checked.data, (error) => {
      const fromServer = fieldErrorsFromApi(error);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFormError(error.message);
      focusFirstError(form.current, fromServer);
    });
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={handleSubmit}
      onInput={clearEditedError(setErrors)}
      aria-label={ariaLabel}
      className="space-y-4"
    >
      <h2 id={disclosureId} className="text-lg font-semibold">
        {disclosureTitle}
      </h2>
      <div role="region" aria-labelledby={disclosureId} tabIndex={0} className={textBox}>
        {consentText.disclosure}
      </div>
      <CheckboxField
        name="acceptDisclosure"
        label="I have read the disclosure"
        required
        error={errors.acceptDisclosure}
      />
      <h2 id={authorizationId} className="text-lg font-semibold">
        Authorization
      </h2>
      <div role="region" aria-labelledby={authorizationId} tabIndex={0} className={textBox}>
        {consentText.authorization}
      </div>
      <CheckboxField
        name="acceptAuthorization"
        label={authorizeLabel}
        required
        error={errors.acceptAuthorization}
      />
      <Alert>{formError}</Alert>
      <TextField
        label="Type your full name to sign"
        name="typedName"
        autoComplete="name"
        description={`Your name as your organization knows it: ${memberName}`}
        error={errors.typedName}
        required
      />
      <fieldset className="space-y-3">
        <legend className="font-medium">Your current address</legend>
        <TextField
          label="Street address"
          name="address.line1"
          autoComplete="address-line1"
          defaultValue={knownAddress?.line1}
          error={errors['address.line1']}
          required
        />
        <TextField
          label="Apartment, suite (optional)"
          name="address.line2"
          autoComplete="address-line2"
          defaultValue={knownAddress?.line2}
          error={errors['address.line2']}
        />
        <TextField
          label="City"
          name="address.city"
          autoComplete="address-level2"
          defaultValue={knownAddress?.city}
          error={errors['address.city']}
          required
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="State"
            name="address.state"
            autoComplete="address-level1"
            defaultValue={knownAddress?.state}
            error={errors['address.state']}
            required
          />
          <TextField
            label="ZIP code"
            name="address.postalCode"
            autoComplete="postal-code"
            defaultValue={knownAddress?.postalCode}
            error={errors['address.postalCode']}
            required
          />
        </div>
      </fieldset>
      <p className="text-xs text-slate-600 dark:text-slate-400">Text version {consentText.version}</p>
      <Button type="submit" label={pending ? 'Signing…' : submitLabel} disabled={pending} />
    </form>
  );
}
