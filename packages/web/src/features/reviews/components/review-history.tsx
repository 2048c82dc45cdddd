import type { ReviewDetail } from '@touchline/contracts/reviews';
import { requirementStatusLabel, type RequirementStatus } from '@touchline/contracts/requirement-status';
import { outcomeLabel } from './review-labels.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

/** The changes a reader looks for, in words; other actions keep their name. */
const actionLabels: Record<string, string> = {
  review: 'Decision',
  'reverse-disqualification': 'Disqualification reversed',
  'complete-without-upload': 'Marked complete by staff',
  'mark-incomplete': 'Reopened by staff',
  'completed-date-time': 'Completion date corrected',
};

/** The requirement's past decisions (reviewer, time, outcome, notes) and its recent changes. */
export function ReviewHistory({ detail }: { detail: ReviewDetail }) {
  return (
    <section aria-label="History" className="space-y-2">
      <h3 className="text-base font-semibold">History</h3>
      {detail.decisions.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No earlier decisions.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {detail.decisions.map((d) => (
            <li key={d.id}>
              <strong>{outcomeLabel(d.outcome)}</strong> by {d.reviewerName}, {when(d.reviewedAt)}
              {d.notes ? <span className="block text-slate-700 dark:text-slate-300">“{d.notes}”</span> : null}
            </li>
          ))}
        </ul>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer">All changes ({detail.events.length})</summary>
        <ul className="mt-1 space-y-0.5">
          {detail.events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              {when(e.at)}: {actionLabels[e.action] ?? e.action}
              {e.toStatus !== null ? ` → ${requirementStatusLabel(e.toStatus as RequirementStatus)}` : ''}
              {e.notes ? <span className="block text-slate-700 dark:text-slate-300">“{e.notes}”</span> : null}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
