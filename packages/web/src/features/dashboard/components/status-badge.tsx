import { MemberOverallStatus, memberOverallStatusLabel } from '@touchline/contracts/members';
import { RequirementStatus, requirementStatusLabel } from '@touchline/contracts/requirement-status';

const good = 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50';
const warn = 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50';
const bad = 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50';
const neutral = 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100';

const overallTone: Record<number, string> = {
  [MemberOverallStatus.Cleared]: good,
  [MemberOverallStatus.Incomplete]: warn,
  [MemberOverallStatus.Disqualified]: bad,
  [MemberOverallStatus.NotConfirmed]: warn,
};
const requirementTone: Record<number, string> = {
  [RequirementStatus.Completed]: good,
  [RequirementStatus.ExpiringSoon]: warn,
  [RequirementStatus.PendingReview]: warn,
  [RequirementStatus.Overdue]: bad,
  [RequirementStatus.Expired]: bad,
  [RequirementStatus.Rejected]: bad,
};

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';

/** A member's overall status as a coloured badge with its spec label ("Invite Pending" for NotActivated). */
export function OverallStatusBadge({ status }: { status: MemberOverallStatus }) {
  return (
    <span className={`${badge} ${overallTone[status] ?? neutral}`}>{memberOverallStatusLabel(status)}</span>
  );
}

/** One requirement's status as a badge, named by its requirement for screen readers and tooltips. */
export function RequirementStatusBadge({ status, name }: { status: RequirementStatus; name?: string }) {
  const label = requirementStatusLabel(status);
  return (
    <span
      className={`${badge} ${requirementTone[status] ?? neutral}`}
      title={name ? `${name}: ${label}` : label}
    >
      {name ? <span className="sr-only">{name}: </span> : null}
      {label}
    </span>
  );
}
