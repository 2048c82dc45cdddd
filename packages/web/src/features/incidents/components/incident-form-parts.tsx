import type { ReactNode } from 'react';
import { FieldFrame, fieldControlAria, fieldControlClass } from '../../../components/ui/field-frame.tsx';
import { useId } from 'react';
import { incidentStatusLabels, type IncidentStatus } from '@touchline/contracts/incidents';
import { ApiError } from '../../../lib/api-error.ts';

/** The field errors of a failed call, by field (the first message of each), for the form's fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const e of error.validationErrors) out[e.field] ??= e.message;
  return out;
}

/** A labelled multi-line text field, described and marked invalid like the other fields. */
export function TextAreaField({
  name,
  label,
  description,
  error,
  required = false,
  defaultValue,
  rows = 4,
}: {
  name: string;
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  defaultValue?: string | undefined;
  rows?: number;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} description={description} error={error}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        required={required}
        {...fieldControlAria(id, { required, description, error })}
        className={fieldControlClass(error)}
      />
    </FieldFrame>
  );
}

const statusTones: Record<IncidentStatus, string> = {
  Reported: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  UnderReview: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  ActionTaken: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100',
  Closed: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** An incident's status as a badge with its words (never colour alone). */
export function StatusBadge({ status }: { status: IncidentStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusTones[status]}`}>
      {incidentStatusLabels[status]}
    </span>
  );
}

/** A date and time in the reader's locale. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Card-like link and section styling shared by the incident pages (phone first: full width, large targets). */
export const cardClass =
  'block rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';
export const linkButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
export const textLink =
  'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-900 dark:text-emerald-300';
