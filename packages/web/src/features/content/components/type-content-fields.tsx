import { useId } from 'react';
import type { ContentFile } from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { FieldErrors } from '../../../lib/forms.ts';
import { AgeVerificationFields } from './age-verification-fields.tsx';
import { BackgroundCheckFields } from './background-check-fields.tsx';
import { inputClass, labelClass } from './content-format.ts';
import { FieldError } from './field-error.tsx';
import { SexOffenderSearchFields } from './sex-offender-search-fields.tsx';
import { TrainingCourseField } from './training-course-field.tsx';
import { str } from './type-field-props.ts';
import { UsSoccerLicenseField } from './us-soccer-license-field.tsx';

type Props = {
  type: number;
  content: Record<string, unknown>;
  errors: FieldErrors;
  file: ContentFile | null;
  onChange: (content: Record<string, unknown>) => void;
  onFile: (file: File | null) => void;
};

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
  if (type === RequirementType.BackgroundCheck)
    return (
      <BackgroundCheckFields
        id={id}
        content={content}
        errors={errors}
        set={set}
        onChange={onChange}
        input={input}
      />
    );
  if (type === RequirementType.SexOffenderSearch)
    return <SexOffenderSearchFields id={id} content={content} errors={errors} set={set} input={input} />;
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
    return <AgeVerificationFields id={id} content={content} set={set} />;
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
