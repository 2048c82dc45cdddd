import { useId } from 'react';
import type { ContentFile } from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { defaultRerunEveryDays } from '@touchline/contracts/sex-offender-search';
import { tazworksAgencyIds } from '@touchline/contracts/background-checks';
import {
  IdentityDocumentType,
  identityDocumentTypeLabels,
  VerificationKind,
  verificationKindLabels,
} from '@touchline/contracts/verification';
import { Alert } from '../../../components/ui/alert.tsx';
import type { FieldErrors } from '../../../lib/forms.ts';
import { useUsSoccerLicenses } from '../api/get-us-soccer-licenses.ts';
import { inputClass, labelClass } from './content-format.ts';
import { BackgroundCheckPackageField } from './background-check-package-field.tsx';
import { FieldError } from './field-error.tsx';
import { TrainingCourseField } from './training-course-field.tsx';

type Props = {
  type: number;
  content: Record<string, unknown>;
  errors: FieldErrors;
  file: ContentFile | null;
  onChange: (content: Record<string, unknown>) => void;
  onFile: (file: File | null) => void;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The content of a document, waiver, video or training (forms have the builder; provider types nothing yet). */
export function TypeContentFields({ type, content, errors, file, onChange, onFile }: Props) {
  const id = useId();
  const set = (key: string, value: unknown) => onChange({ ...content, [key]: value });
  const input = (key: string, label: string, inputType = 'text') => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={inputType}
        className={inputClass}
        value={inputType === 'number' ? String(content[key] ?? '') : str(content[key])}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          set(key, inputType === 'number' ? (raw === '' ? null : Number(raw)) : raw === '' ? null : raw);
        }}
      />
      <FieldError id={`${id}-${key}-error`} message={errors[key]} />
    </div>
  );
  const upload = (label: string, accept: string) => (
    <div>
      <label htmlFor={`${id}-file`} className={labelClass}>
        {label}
      </label>
      {file ? (
        <p className="text-sm">
          Current file:{' '}
          <a className="underline" href={file.url} target="_blank" rel="noreferrer">
            {file.originalName}
          </a>
        </p>
      ) : null}
      <input
        id={`${id}-file`}
        type="file"
        accept={accept}
        className="mt-1 block text-sm"
        onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
      />
      <FieldError id={`${id}-file-error`} message={errors.file ?? errors.templateFileId ?? errors.fileId} />
    </div>
  );
  if (type === RequirementType.Document)
    return (
      <div className="space-y-4">
        {input('linkUrl', 'Link to the document (https)', 'url')}
        {upload(
          'Or a template file to download',
          '.pdf,.png,.jpg,.jpeg,.txt,.csv,.xml,.zip,.7z,.rar,.tar,.xls',
        )}
      </div>
    );
  if (type === RequirementType.Waiver)
    return (
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          Waiver text (members sign by typing their name)
        </label>
        <textarea
          id={`${id}-text`}
          rows={8}
          className={inputClass}
          value={str(content.text)}
          aria-invalid={errors.text ? true : undefined}
          onChange={(e) => set('text', e.currentTarget.value)}
        />
        <FieldError id={`${id}-text-error`} message={errors.text} />
      </div>
    );
  if (type === RequirementType.BackgroundCheck) {
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
            onChoose={(packageId, packageName, clientId) =>
              onChange({
                ...content,
                packageId,
                packageName,
                clientId: vendor === 'TazWorks' ? clientId : null,
              })
            }
            fallback={
              <>
                {vendor === 'TazWorks'
                  ? input('clientId', 'Client id at the agency (from the organization setup)')
                  : null}
                {input('packageId', 'Package id (from the vendor’s package list)')}
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
  if (type === RequirementType.SexOffenderSearch) {
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
          Members may sign an ongoing authorization here; after their first clear search the provider checks
          the registries daily instead of re-running on the schedule above. Members who do not sign keep the
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
  if (type === RequirementType.Video)
    return (
      <div className="space-y-4">
        {input('url', 'Video link (https)', 'url')}
        {upload('Or a video file (WebM or MP4)', 'video/webm,video/mp4')}
        {input('requiredWatchedPercent', 'Share that must be watched (%)', 'number')}
      </div>
    );
  if (type === RequirementType.CustomTraining)
    return (
      <div className="space-y-4">
        {input('trainingUrl', 'Training link (https)', 'url')}
        <div className="flex items-center gap-2">
          <input
            id={`${id}-cert`}
            type="checkbox"
            className="h-4 w-4 accent-emerald-700"
            checked={content.certificateRequired !== false}
            onChange={(e) => set('certificateRequired', e.currentTarget.checked)}
          />
          <label htmlFor={`${id}-cert`} className="text-sm">
            Members upload a certificate
          </label>
        </div>
        {content.certificateRequired !== false ? (
          <div className="flex items-center gap-2">
            <input
              id={`${id}-trusted`}
              type="checkbox"
              className="h-4 w-4 accent-emerald-700"
              aria-describedby={`${id}-trusted-hint`}
              checked={content.certificatesTrusted === true}
              onChange={(e) => set('certificatesTrusted', e.currentTarget.checked)}
            />
            <label htmlFor={`${id}-trusted`} className="text-sm">
              Trust uploaded certificates
            </label>
            <span id={`${id}-trusted-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              Otherwise each certificate waits for a reviewer before the training counts.
            </span>
          </div>
        ) : null}
      </div>
    );
  if (type === RequirementType.USSoccer)
    return <UsSoccerLicenseField content={content} onChange={onChange} />;
  if (type === RequirementType.AgeVerification)
    return (
      <div className="space-y-2">
        <label htmlFor={`${id}-kind`} className={labelClass}>
          What members prove
        </label>
        <select
          id={`${id}-kind`}
          className={inputClass}
          value={str(content.kind) || VerificationKind.Age}
          onChange={(e) => set('kind', e.currentTarget.value)}
        >
          {Object.values(VerificationKind).map((kind) => (
            <option key={kind} value={kind}>
              {verificationKindLabels[kind]}
            </option>
          ))}
        </select>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Members give their date of birth and/or grade and a photo of a proof; a matching document clears it
          at once, anything uncertain goes to your reviewers.
        </p>
        {str(content.kind) !== VerificationKind.Grade ? (
          <fieldset className="space-y-1">
            <legend className={labelClass}>From a member born abroad, accept only</legend>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Read from the citizenship the member saved; none ticked asks nothing more.
            </p>
            {Object.values(IdentityDocumentType).map((docType) => {
              const chosen = Array.isArray(content.abroadProofTypes)
                ? (content.abroadProofTypes as string[])
                : [];
              return (
                <div key={docType} className="flex items-center gap-2">
                  <input
                    id={`${id}-abroad-${docType}`}
                    type="checkbox"
                    className="h-4 w-4 accent-emerald-700"
                    checked={chosen.includes(docType)}
                    onChange={(e) =>
                      set(
                        'abroadProofTypes',
                        e.currentTarget.checked ? [...chosen, docType] : chosen.filter((t) => t !== docType),
                      )
                    }
                  />
                  <label htmlFor={`${id}-abroad-${docType}`} className="text-sm">
                    {identityDocumentTypeLabels[docType]}
                  </label>
                </div>
              );
            })}
          </fieldset>
        ) : null}
      </div>
    );
  if (type === RequirementType.AbusePreventionTraining)
    return (
      <div className="space-y-4">
        <TrainingCourseField
          courseId={str(content.courseId)}
          error={errors.courseId}
          onChoose={(courseId, courseName) => onChange({ ...content, courseId, courseName })}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Members take the course at the provider; a completion counts for the validity above (a year when
          none is set), then they take it again.
        </p>
      </div>
    );
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      This type’s provider settings come with its screening flow; nothing to set yet.
    </p>
  );
}

/** The license a US Soccer requirement asks for: any grade of a discipline, or a grade and those above it. */
function UsSoccerLicenseField({
  content,
  onChange,
}: {
  content: Record<string, unknown>;
  onChange: (content: Record<string, unknown>) => void;
}) {
  const id = useId();
  const catalog = useUsSoccerLicenses(true);
  const value =
    typeof content.requiredLicense === 'string'
      ? content.requiredLicense
      : `any-${str(content.discipline) || 'coach'}`;
  const choose = (next: string) => {
    if (next.startsWith('any-')) onChange({ requiredLicense: null, discipline: next.slice(4) });
    else {
      const grade = catalog.data?.find((g) => g.code === next);
      onChange({ requiredLicense: next, discipline: grade?.discipline ?? 'coach' });
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-license`} className={labelClass}>
        Required license
      </label>
      <select
        id={`${id}-license`}
        className={inputClass}
        value={value}
        onChange={(e) => choose(e.currentTarget.value)}
        aria-describedby={`${id}-license-hint`}
      >
        <option value="any-coach">Any coaching license</option>
        <option value="any-referee">Any referee license</option>
        {(catalog.data ?? []).map((g) => (
          <option key={g.code} value={g.code}>
            {g.label} or higher
          </option>
        ))}
      </select>
      <p id={`${id}-license-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        Members enter their US Soccer id; their licenses are looked up and checked again every day.
      </p>
      <Alert>{catalog.error ? catalog.error.message : null}</Alert>
    </div>
  );
}
