import type { ReactNode } from 'react';
import { MemberOverallStatus, memberOverallStatusLabel } from '@touchline/contracts/members';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMyRequirements } from '../api/get-my-requirements.ts';
import { RequirementCard } from './requirement-card.tsx';
import { groupByUrgency } from './urgency.ts';

/** Said when the member has nothing assigned. */
export const noRequirementsMessage = 'You have no requirements right now';

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading your requirements" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-700" />
          <div className="mt-3 h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-700" />
          <div className="mt-2 h-3 w-1/2 rounded bg-slate-200 dark:bg-slate-700" />
        </div>
      ))}
      <span className="sr-only">Loading your requirements…</span>
    </div>
  );
}

/**
 * /requirements: the member's requirements, most urgent first, grouped into to do, waiting and done.
 * `disqualifiedHelp` (whom to contact and how to appeal, composed in app/) shows under a Disqualified status.
 */
export function RequirementsPage({
  disqualifiedHelp,
  payments,
}: {
  disqualifiedHelp?: ReactNode;
  /** What the member owes and paying for it (composed in app/ from billing), for the member's access. */
  payments?: (plaId: string) => ReactNode;
} = {}) {
  useDocumentTitle('My requirements');
  const requirements = useMyRequirements();

  let body;
  if (requirements.isPending) body = <ListSkeleton />;
  else if (requirements.isError)
    body = (
      <div className="space-y-3">
        <Alert>{`Your requirements could not be loaded: ${requirements.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void requirements.refetch()} />
      </div>
    );
  else if (requirements.data.items.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        {noRequirementsMessage}
      </p>
    );
  else
    body = groupByUrgency(requirements.data.items).map((group) => (
      <section key={group.id} aria-labelledby={`requirements-${group.id}`} className="space-y-3">
        <h2 id={`requirements-${group.id}`} className="text-lg font-semibold">
          {group.title}{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">({group.items.length})</span>
        </h2>
        <ul className="space-y-3">
          {group.items.map((item) => (
            <RequirementCard key={item.id} item={item} />
          ))}
        </ul>
      </section>
    ));

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">My requirements</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          What your organization asks of you. Open a requirement to complete it.
        </p>
        {requirements.data && requirements.data.items.length > 0 ? (
          <p className="mt-2 font-medium">
            Overall: {memberOverallStatusLabel(requirements.data.overallStatus)}
          </p>
        ) : null}
        {requirements.data?.overallStatus === MemberOverallStatus.Disqualified ? (
          <div className="mt-3">{disqualifiedHelp}</div>
        ) : null}
      </div>
      {payments && requirements.data?.items[0]?.profileLevelAccessId
        ? payments(requirements.data.items[0].profileLevelAccessId)
        : null}
      {body}
    </div>
  );
}
