import {
  RequirementStatus,
  requirementStatusLabel,
  type RequirementStatus as Status,
} from '@touchline/contracts/requirement-status';

/** Colour and a shape per status, so the badge reads without colour too (its label is always written out). */
const looks: Record<Status, { tone: string; icon: string }> = {
  [RequirementStatus.Overdue]: {
    tone: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    icon: '!',
  },
  [RequirementStatus.Rejected]: {
    tone: 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100',
    icon: '×',
  },
  [RequirementStatus.Expired]: {
    tone: 'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100',
    icon: '!',
  },
  [RequirementStatus.Incomplete]: {
    tone: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
    icon: '○',
  },
  [RequirementStatus.WaitingOnApplicant]: {
    tone: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
    icon: '○',
  },
  [RequirementStatus.ExpiringSoon]: {
    tone: 'border-yellow-300 bg-yellow-50 text-yellow-950 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100',
    icon: '◔',
  },
  [RequirementStatus.PendingReview]: {
    tone: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
    icon: '◑',
  },
  [RequirementStatus.WaitingOnProvider]: {
    tone: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
    icon: '◑',
  },
  [RequirementStatus.Completed]: {
    tone: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
    icon: '✓',
  },
};

/** A requirement's status as a coloured pill with a shape and the spec's label (§4), never colour alone. */
export function StatusBadge({ status }: { status: Status }) {
  const look = looks[status];
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${look.tone}`}
    >
      <span aria-hidden="true">{look.icon}</span>
      {requirementStatusLabel(status)}
    </span>
  );
}
