import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MemberOverallStatus, memberOverallStatusLabel } from '@touchline/contracts/members';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useMyRequirements } from '../api/get-my-requirements.ts';
import { nextActionText } from './next-action.ts';
import { requirementPath } from './requirement-card.tsx';
import { StatusBadge } from './status-badge.tsx';
import { groupByUrgency } from './urgency.ts';

/** How the home page words a member's overall status: what it means for them, not only its name. */
export function overallStatusSentence(status: MemberOverallStatus): string {
  switch (status) {
    case MemberOverallStatus.Cleared:
      return 'You are cleared: everything required of you is done.';
    case MemberOverallStatus.NoRequirements:
      return 'Nothing is required of you right now.';
    case MemberOverallStatus.Disqualified:
      return 'You are disqualified. Contact your organization to find out why and how to appeal.';
    case MemberOverallStatus.NotConfirmed:
      return 'You have done your part; a reviewer still has to confirm it.';
    default:
      return `Your status: ${memberOverallStatusLabel(status)}.`;
  }
}

/**
 * The member's part of the home page: their overall status in words and the requirements still theirs to do, most
 * urgent first, each one tap from its page. `compact` (for staff) hides the section when nothing is theirs;
 * `disqualifiedHelp` (whom to contact and how to appeal, composed in app/) shows under a Disqualified status.
 */
export function MyToDo({
  compact = false,
  disqualifiedHelp,
  statusNotice,
}: {
  compact?: boolean;
  disqualifiedHelp?: ReactNode;
  /** Why the member is not cleared besides their requirements (a condition such as removed from play; composed in app/). */
  statusNotice?: ReactNode;
}) {
  const requirements = useMyRequirements();
  if (requirements.isPending)
    return (
      <section aria-labelledby="my-todo-heading" className="space-y-2">
        <h2 id="my-todo-heading" className="text-lg font-semibold">
          Your to-do list
        </h2>
        <div
          role="status"
          aria-label="Loading your requirements"
          className="h-16 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800"
        />
      </section>
    );
  if (requirements.isError)
    return (
      <section aria-labelledby="my-todo-heading" className="space-y-2">
        <h2 id="my-todo-heading" className="text-lg font-semibold">
          Your to-do list
        </h2>
        <Alert>{`Your requirements could not be loaded: ${requirements.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void requirements.refetch()} />
      </section>
    );
  const { overallStatus, items } = requirements.data;
  const todo = groupByUrgency(items).find((group) => group.id === 'todo')?.items ?? [];
  if (compact && items.length === 0) return null;
  return (
    <section aria-labelledby="my-todo-heading" className="space-y-3">
      <h2 id="my-todo-heading" className="text-lg font-semibold">
        Your to-do list
      </h2>
      <p className="font-medium">{overallStatusSentence(overallStatus)}</p>
      {overallStatus === MemberOverallStatus.Disqualified ? disqualifiedHelp : null}
      {overallStatus === MemberOverallStatus.Cleared ? null : statusNotice}
      {todo.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {todo.map((item) => (
            <li key={item.id}>
              <Link
                to={requirementPath(item.definitionId)}
                className="flex min-h-14 flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:hover:bg-slate-800"
              >
                <span className="min-w-0">
                  <span className="block font-semibold break-words">{item.name}</span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">
                    {nextActionText(item)}
                  </span>
                </span>
                <StatusBadge status={item.status} />
              </Link>
            </li>
          ))}
        </ul>
      ) : items.length > 0 ? (
        <p className="text-slate-700 dark:text-slate-300">Nothing is waiting on you.</p>
      ) : null}
      {items.length > 0 ? (
        <p>
          <Link
            to="/requirements"
            className="font-medium text-emerald-800 underline underline-offset-4 dark:text-emerald-300"
          >
            All my requirements ({items.length})
          </Link>
        </p>
      ) : null}
    </section>
  );
}
