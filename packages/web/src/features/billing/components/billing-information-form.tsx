import { useRef, useState, type FormEvent } from 'react';
import {
  billingInformationBodySchema,
  companyTypeLabels,
  type BillingInformation,
} from '@touchline/contracts/billing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useSaveBillingInformation } from '../api/save-billing-information.ts';

const companyTypes = [
  { value: '', label: 'Choose…' },
  ...Object.entries(companyTypeLabels).map(([value, label]) => ({ value, label })),
];

/** The organization's billing information: who the invoices name and where they go (spec §7 billing-information). */
export function BillingInformationForm({
  organizationId,
  current,
}: {
  organizationId: string;
  current: BillingInformation | null;
}) {
  const save = useSaveBillingInformation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const checked = validateForm(billingInformationBodySchema, formValues(event.currentTarget));
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form.current, checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { organizationId, info: checked.data, exists: current !== null },
      {
        onSuccess: () => setNotice('The billing information is saved.'),
        onError: (error) => {
          const fromServer = fieldErrorsFromApi(error);
          setErrors(fromServer);
          if (Object.keys(fromServer).length === 0) setNotice(null);
        },
      },
    );
  };
  const field = (name: keyof BillingInformation) => ({
    name,
    defaultValue: current?.[name] ?? '',
    error: errors[name],
  });
  return (
    <section aria-labelledby="billing-information-heading" className="space-y-3">
      <h3 id="billing-information-heading" className="text-lg font-semibold">
        Billing information
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Shown on your invoices, and where they are sent.
      </p>
      <form
        onInput={clearEditedError(setErrors)}
        ref={form}
        noValidate
        onSubmit={submit}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        <TextField label="Company name" required autoComplete="organization" {...field('companyName')} />
        <SelectField label="Company type" required options={companyTypes} {...field('companyType')} />
        <TextField label="Street address" required autoComplete="address-line1" {...field('addressLine1')} />
        <TextField label="Address line 2" autoComplete="address-line2" {...field('addressLine2')} />
        <TextField label="City" required autoComplete="address-level2" {...field('city')} />
        <TextField label="State or province" autoComplete="address-level1" {...field('state')} />
        <TextField label="Postal code" required autoComplete="postal-code" {...field('postalCode')} />
        <TextField
          label="Country (two-letter code)"
          required
          autoComplete="country"
          maxLength={2}
          {...field('countryCode')}
        />
        <TextField label="Tax id" {...field('taxId')} />
        <TextField
          label="Billing e-mail"
          type="email"
          required
          autoComplete="email"
          {...field('billingEmail')}
        />
        <div className="sm:col-span-2 space-y-3">
          {save.isError && Object.keys(errors).length === 0 ? <Alert>{save.error.message}</Alert> : null}
          <Alert tone="success">{notice}</Alert>
          <Button
            type="submit"
            label={save.isPending ? 'Saving…' : 'Save billing information'}
            disabled={save.isPending}
          />
        </div>
      </form>
    </section>
  );
}
