import { tazworksAgencyIds } from '@touchline/contracts/background-checks';
import { inputClass, labelClass } from './content-format.ts';
import { BackgroundCheckPackageField } from './background-check-package-field.tsx';
import { FieldError } from './field-error.tsx';
import { str, type TypeFieldProps } from './type-field-props.ts';

/** A background check's vendor, its package (from the vendor's list when it has one) and who pays. */
export function BackgroundCheckFields({ id, content, errors, set, onChange, input }: TypeFieldProps) {
  const select = (key: string, label: string, options: [string, string][], fallback: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className={inputClass}
        value={str(content[key]) || fallback}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => set(key, e.currentTarget.value)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-${key}-error`} message={errors[key]} />
    </div>
  );
  const vendor = str(content.vendor) || 'Generic';
  // A package id typed in: its searches are not known here, so any kept with an earlier choice go.
  const packageIdInput = (
    <div>
      <label htmlFor={`${id}-packageId`} className={labelClass}>
        Package id (from the vendor’s package list)
      </label>
      <input
        id={`${id}-packageId`}
        type="text"
        className={inputClass}
        value={str(content.packageId)}
        aria-invalid={errors.packageId ? true : undefined}
        aria-describedby={errors.packageId ? `${id}-packageId-error` : undefined}
        onChange={(e) =>
          onChange({ ...content, packageId: e.currentTarget.value || null, packageSearches: null })
        }
      />
      <FieldError id={`${id}-packageId-error`} message={errors.packageId} />
    </div>
  );
  return (
    <div className="space-y-4">
      {select(
        'vendor',
        'Background-check vendor',
        [
          ['Yardstik', 'Yardstik (ordered through Touchline)'],
          [
            'TazWorks',
            'JDP, NCSI or ScoutLogic: an agency on the TazWorks platform (ordered through Touchline)',
          ],
          ['Generic', 'Our own vendor (members upload the report)'],
        ],
        'Generic',
      )}
      {vendor === 'Yardstik' || vendor === 'TazWorks' ? (
        <BackgroundCheckPackageField
          key={vendor}
          agencyId={vendor === 'Yardstik' ? 'yardstik' : tazworksAgencyIds}
          clientId={str(content.clientId) || null}
          packageId={str(content.packageId)}
          error={errors.packageId ?? errors.clientId}
          onChoose={(packageId, packageName, clientId, searches) =>
            onChange({
              ...content,
              packageId,
              packageName,
              // Kept with the package: what a check shared from another organization is compared with (ADR 049).
              packageSearches: searches,
              clientId: vendor === 'TazWorks' ? clientId : null,
            })
          }
          fallback={
            <>
              {vendor === 'TazWorks'
                ? input('clientId', 'Client id at the agency (from the organization setup)')
                : null}
              {packageIdInput}
              {input('packageName', 'Package name shown to members')}
            </>
          }
        />
      ) : null}
      {vendor === 'Yardstik' || vendor === 'TazWorks'
        ? select(
            'payer',
            'Who pays',
            [
              ['organization', 'The organization'],
              ['member', 'The member'],
            ],
            'organization',
          )
        : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        How long a cleared check stays valid is the validity above (for example a duration of 730 days).
      </p>
    </div>
  );
}
