import { visibleFormFields, type FormField } from '@touchline/contracts/content';
import type { FormAnswerValue, FormSubmission } from '@touchline/contracts/requirement-completion';

/** One answer as a person reads it. */
function shown(field: FormField, value: FormAnswerValue | undefined, submission: FormSubmission): string {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return '—';
  if (field.kind === 'file')
    return submission.attachments.find((f) => f.id === value)?.name ?? 'Attached file (removed)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * What the member sent, read-only: the questions of the version they answered (not the newest one) that showed
 * for their answers, each with its answer.
 */
export function SentAnswers({ submission }: { submission: FormSubmission }) {
  const { fields } = submission.formVersion;
  const sentOn = new Date(submission.submittedAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="sent-answers-heading" className="space-y-3">
      <h2 id="sent-answers-heading" className="text-base font-semibold">
        {`Your answers (sent ${sentOn})`}
      </h2>
      <dl className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {visibleFormFields(fields, submission.answers).map((field) => (
          <div key={field.id} className="grid gap-1 px-3 py-2 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{field.label}</dt>
            <dd className="text-sm break-words sm:col-span-2">
              {shown(field, submission.answers[field.id], submission)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
