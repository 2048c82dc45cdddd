import { useRef, useState, type FormEvent } from 'react';
import {
  yardstikOnboardingInfoSchema,
  type YardstikOnboarding,
} from '@touchline/contracts/yardstik-onboarding';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import {
  useCreateYardstikAccount,
  useRefreshYardstikStatus,
  useSaveYardstikOnboarding,
  useYardstikOnboarding,
} from '../api/yardstik-onboarding.ts';

const statusText: Record<YardstikOnboarding['status'], string> = {
  NotStarted: 'Not started',
  InProgress: 'Details saved — not yet sent to Yardstik',
  Submitted: 'Sent to Yardstik — waiting for Yardstik to activate the account',
  Activated: 'Activated',
};

/** The form's flat field names as the contract's nested body. */
function bodyOf(values: Record<string, string>) {
  return {
    name: values.name,
    legalName: values.legalName,
    ein: values.ein,
    address: {
      line1: values['address.line1'],
      line2: values['address.line2'] ?? '',
      city: values['address.city'],
      state: values['address.state'],
      postalCode: values['address.postalCode'],
    },
    owner: {
      firstName: values['owner.firstName'],
      lastName: values['owner.lastName'],
      email: values['owner.email'],
      phone: values['owner.phone'] ?? '',
    },
    permissiblePurpose: 'employment',
  };
}

/**
 * Yardstik onboarding on /organization/screening: the organization's legal details, then "Open the Yardstik
 * account" (a sub-account Yardstik reviews and activates). A sandbox is named as one.
 */
export function YardstikOnboardingPanel({ organizationId }: { organizationId: string | null }) {
  const onboarding = useYardstikOnboarding(organizationId, true);
  const save = useSaveYardstikOnboarding(organizationId);
  const open = useCreateYardstikAccount(organizationId);
  const refresh = useRefreshYardstikStatus(organizationId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const data = onboarding.data;
  const locked = Boolean(data?.accountId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const checked = validateForm(yardstikOnboardingInfoSchema, bodyOf(formValues(event.currentTarget)));
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form.current, checked.errors);
      return;
    }
    setErrors({});
    save.mutate(bodyOf(formValues(event.currentTarget)), {
      onSuccess: () => setSaved('Details saved.'),
      onError: (error) => setErrors(fieldErrorsFromApi(error)),
    });
  };

  if (onboarding.isPending) return <Spinner label="Loading Yardstik onboarding…" />;
  if (onboarding.error) return <Alert>{onboarding.error.message}</Alert>;
  const info = data?.info;
  const field = (name: string, label: string, value: string | undefined, type?: 'email' | 'tel') => (
    <TextField
      key={`${name}-${String(locked)}`}
      name={name}
      label={label}
      type={type}
      defaultValue={value ?? ''}
      readOnly={locked}
      error={errors[name]}
    />
  );
  return (
    <section
      aria-labelledby="yardstik-onboarding"
      className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-700"
    >
      <h2 id="yardstik-onboarding" className="text-lg font-semibold">
        Yardstik account{data?.sandbox ? ' (sandbox — Touchline’s stand-in, not the vendor)' : ''}
      </h2>
      <p className="text-sm">
        Status:{' '}
        <strong data-testid="yardstik-onboarding-status">{statusText[data?.status ?? 'NotStarted']}</strong>
      </p>
      <form
        onInput={clearEditedError(setErrors)}
        ref={form}
        noValidate
        onSubmit={onSubmit}
        className="space-y-3"
      >
        <div className="grid gap-3 md:grid-cols-2">
          {field('name', 'Organization name members know', info?.name)}
          {field('legalName', 'Legal name', info?.legalName)}
          {field('ein', 'EIN (employer identification number)', info?.ein)}
          {field('address.line1', 'Street address', info?.address.line1)}
          {field('address.line2', 'Suite or unit (optional)', info?.address.line2)}
          {field('address.city', 'City', info?.address.city)}
          {field('address.state', 'State (two letters)', info?.address.state)}
          {field('address.postalCode', 'ZIP code', info?.address.postalCode)}
          {field('owner.firstName', 'Owner’s first name', info?.owner.firstName)}
          {field('owner.lastName', 'Owner’s last name', info?.owner.lastName)}
          {field('owner.email', 'Owner’s e-mail', info?.owner.email, 'email')}
          {field('owner.phone', 'Owner’s phone (optional)', info?.owner.phone, 'tel')}
        </div>
        <p className="text-sm">
          Permissible purpose: employment (screening volunteers and staff who work with minors).
        </p>
        <Alert>{save.error && Object.keys(errors).length === 0 ? save.error.message : null}</Alert>
        <Alert tone="success">{saved}</Alert>
        {locked ? null : (
          <Button
            type="submit"
            label={save.isPending ? 'Saving…' : 'Save details'}
            disabled={save.isPending}
          />
        )}
      </form>
      <Alert>{open.error ? open.error.message : refresh.error ? refresh.error.message : null}</Alert>
      {data?.status === 'InProgress' ? (
        <Button
          label={open.isPending ? 'Opening…' : 'Open the Yardstik account'}
          disabled={open.isPending}
          onClick={() => {
            setSaved(null);
            open.mutate(undefined);
          }}
        />
      ) : null}
      {data?.status === 'Submitted' ? (
        <Button
          variant="secondary"
          label={refresh.isPending ? 'Checking…' : 'Check activation'}
          disabled={refresh.isPending}
          onClick={() => refresh.mutate()}
        />
      ) : null}
    </section>
  );
}
