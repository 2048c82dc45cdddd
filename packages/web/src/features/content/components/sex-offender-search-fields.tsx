import { defaultRerunEveryDays } from '@touchline/contracts/sex-offender-search';
import { inputClass, labelClass } from './content-format.ts';
import { BackgroundCheckPackageField } from './background-check-package-field.tsx';
import { FieldError } from './field-error.tsx';
import { str, type TypeFieldProps } from './type-field-props.ts';

/** A sex offender search's package, how often it runs again, and continuous monitoring with its package. */
export function SexOffenderSearchFields({
  id,
  content,
  errors,
  set,
  input,
}: Omit<TypeFieldProps, 'onChange'>) {
  // Unset is the yearly default (the schema's); cleared is "never re-run".
  const rerun = content.rerunEveryDays === undefined ? defaultRerunEveryDays : content.rerunEveryDays;
  return (
    <div className="space-y-4">
      <BackgroundCheckPackageField
        agencyId="yardstik"
        packageId={str(content.packageId)}
        error={errors.packageId}
        emptyLabel="The account’s sex offender search product"
        onChoose={(packageId) => set('packageId', packageId)}
        fallback={input(
          'packageId',
          'Package id (leave empty for the account’s sex offender search product)',
        )}
      />
      <div>
        <label htmlFor={`${id}-rerunEveryDays`} className={labelClass}>
          Run the search again every (days)
        </label>
        <input
          id={`${id}-rerunEveryDays`}
          type="number"
          min={30}
          max={1095}
          className={inputClass}
          value={rerun === null ? '' : String(rerun)}
          aria-invalid={errors.rerunEveryDays ? true : undefined}
          aria-describedby={`${id}-rerunEveryDays-hint${errors.rerunEveryDays ? ` ${id}-rerunEveryDays-error` : ''}`}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            set('rerunEveryDays', raw === '' ? null : Number(raw));
          }}
        />
        <p id={`${id}-rerunEveryDays-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          Empty: never re-run (only when it expires). Members authorize each search on the provider’s page.
        </p>
        <FieldError id={`${id}-rerunEveryDays-error`} message={errors.rerunEveryDays} />
      </div>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-monitor`}
          type="checkbox"
          className="h-4 w-4 accent-emerald-700"
          aria-describedby={`${id}-monitor-hint`}
          checked={content.monitorContinuously === true}
          onChange={(e) => set('monitorContinuously', e.currentTarget.checked)}
        />
        <label htmlFor={`${id}-monitor`} className="text-sm">
          Monitor continuously (where the provider offers it)
        </label>
      </div>
      <p id={`${id}-monitor-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        Members may sign an ongoing authorization here; after their first clear search the provider checks the
        registries daily instead of re-running on the schedule above. Members who do not sign keep the
        schedule.
      </p>
      {content.monitorContinuously === true ? (
        <BackgroundCheckPackageField
          agencyId="yardstik"
          kind="monitor"
          label="Monitor package"
          packageId={str(content.monitorPackageId)}
          error={errors.monitorPackageId}
          emptyLabel="The account’s sex offender registry monitor"
          onChoose={(packageId) => set('monitorPackageId', packageId)}
          fallback={input(
            'monitorPackageId',
            'Monitor package id (leave empty for the account’s registry monitor)',
          )}
        />
      ) : null}
    </div>
  );
}
