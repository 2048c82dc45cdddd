import { countriesForPicker } from '@touchline/contracts/countries';
import type { FieldErrors } from '../../../lib/forms.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { WizardDraft } from './wizard-draft.ts';

const countryOptions = countriesForPicker().map((country) => ({ value: country.code, label: country.name }));

const fieldsetClass = 'space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800';
const legendClass = 'px-1 text-base font-semibold';

/** Step 2: who the organization is and where (general), and its first administrator (admin). */
export function DetailsStep({
  draft,
  errors,
  onGeneral,
  onAdmin,
}: {
  draft: WizardDraft;
  errors: FieldErrors;
  onGeneral: (field: keyof WizardDraft['general'], value: string) => void;
  onAdmin: (field: keyof WizardDraft['admin'], value: string) => void;
}) {
  const { general, admin } = draft;
  return (
    <div className="space-y-6">
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Organization</legend>
        <TextField
          label="Organization name"
          name="general.name"
          autoComplete="organization"
          required
          value={general.name}
          onValueChange={(v) => onGeneral('name', v)}
          error={errors['general.name']}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Website"
            name="general.website"
            autoComplete="url"
            description="For example riverside-soccer.org"
            value={general.website}
            onValueChange={(v) => onGeneral('website', v)}
            error={errors['general.website']}
          />
          <TextField
            label="Phone"
            name="general.phone"
            type="tel"
            autoComplete="tel"
            value={general.phone}
            onValueChange={(v) => onGeneral('phone', v)}
            error={errors['general.phone']}
          />
        </div>
        <SelectField
          label="Country"
          name="general.countryCode"
          required
          options={countryOptions}
          value={general.countryCode}
          onValueChange={(v) => onGeneral('countryCode', v)}
          error={errors['general.countryCode']}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="State or province"
            name="general.stateCode"
            autoComplete="address-level1"
            value={general.stateCode}
            onValueChange={(v) => onGeneral('stateCode', v)}
            error={errors['general.stateCode']}
          />
          <TextField
            label="City"
            name="general.cityName"
            autoComplete="address-level2"
            value={general.cityName}
            onValueChange={(v) => onGeneral('cityName', v)}
            error={errors['general.cityName']}
          />
        </div>
      </fieldset>
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Administrator</legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The administrator manages the whole organization. If this is not your own e-mail address, we send
          them an invitation instead of adding you.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="admin.firstName"
            autoComplete="given-name"
            required
            value={admin.firstName}
            onValueChange={(v) => onAdmin('firstName', v)}
            error={errors['admin.firstName']}
          />
          <TextField
            label="Last name"
            name="admin.lastName"
            autoComplete="family-name"
            required
            value={admin.lastName}
            onValueChange={(v) => onAdmin('lastName', v)}
            error={errors['admin.lastName']}
          />
        </div>
        <TextField
          label="E-mail address"
          name="admin.email"
          type="email"
          autoComplete="email"
          required
          value={admin.email}
          onValueChange={(v) => onAdmin('email', v)}
          error={errors['admin.email']}
        />
      </fieldset>
    </div>
  );
}
