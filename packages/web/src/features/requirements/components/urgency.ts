import { RequirementStatus, type RequirementStatus as Status } from '@touchline/contracts/requirement-status';

/** The order members meet their requirements in: what is late or refused first, what is done last. */
export const statusUrgency: readonly Status[] = [
  RequirementStatus.Overdue,
  RequirementStatus.Rejected,
  RequirementStatus.Expired,
  RequirementStatus.Incomplete,
  RequirementStatus.WaitingOnApplicant,
  RequirementStatus.ExpiringSoon,
  RequirementStatus.PendingReview,
  RequirementStatus.WaitingOnProvider,
  RequirementStatus.Completed,
];

/** The list's sections: what the member must do, what others are doing, and what is done. */
export const urgencyGroups = [
  {
    id: 'todo',
    title: 'To do',
    statuses: [
      RequirementStatus.Overdue,
      RequirementStatus.Rejected,
      RequirementStatus.Expired,
      RequirementStatus.Incomplete,
      RequirementStatus.WaitingOnApplicant,
      RequirementStatus.ExpiringSoon,
    ],
  },
  {
    id: 'waiting',
    title: 'Waiting on others',
    statuses: [RequirementStatus.PendingReview, RequirementStatus.WaitingOnProvider],
  },
  { id: 'done', title: 'Done', statuses: [RequirementStatus.Completed] },
] as const satisfies readonly { id: string; title: string; statuses: readonly Status[] }[];

/** What the ordering needs of a requirement. */
export interface Orderable {
  status: Status;
  dueDate: string | null;
  name: string;
}

/** Sorts by status urgency, then the nearest due date (none last), then name; the input is not changed. */
export function byUrgency<T extends Orderable>(items: readonly T[]): T[] {
  const rank = (s: Status) => statusUrgency.indexOf(s);
  return [...items].sort(
    (a, b) =>
      rank(a.status) - rank(b.status) ||
      (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
      a.name.localeCompare(b.name),
  );
}

/** The requirements of each non-empty section, each sorted by urgency. */
export function groupByUrgency<T extends Orderable>(items: readonly T[]) {
  const sorted = byUrgency(items);
  return urgencyGroups
    .map((group) => ({
      ...group,
      items: sorted.filter((item) => (group.statuses as readonly Status[]).includes(item.status)),
    }))
    .filter((group) => group.items.length > 0);
}

/** A 'YYYY-MM-DD' date as the member reads it (e.g. 'Dec 1, 2026'), without time-zone drift. */
export function formatDueDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
