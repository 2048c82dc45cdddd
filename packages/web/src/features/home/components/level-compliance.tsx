import { Link } from 'react-router';
import { homeExpiringWithinDays, type HomeSummary } from '@touchline/contracts/home';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useHomeSummary } from '../api/get-home-summary.ts';
import type { ManagedLevel } from './managed-levels.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The whole-number share cleared, 0 when there is no one to clear. */
export function clearedPercent(summary: Pick<HomeSummary, 'clearedCount' | 'memberCount'>): number {
  return summary.memberCount === 0 ? 0 : Math.floor((summary.clearedCount / summary.memberCount) * 100);
}

/**
 * One line of the card: a count, what it means, and the shortest path to act on it. A zero says "none" and keeps
 * no link, so the eye lands on what needs doing.
 */
function ActionRow({
  count,
  label,
  action,
}: {
  count: number;
  label: string;
  action: { to: string; text: string };
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>
        <span
          className={`font-semibold tabular-nums ${count > 0 ? 'text-amber-800 dark:text-amber-300' : ''}`}
        >
          {count === 0 ? 'None' : count}
        </span>{' '}
        {label}
      </span>
      {count > 0 ? (
        <Link
          to={action.to}
          className="rounded-md px-2 py-1 text-sm font-medium text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300"
        >
          {action.text}
        </Link>
      ) : null}
    </li>
  );
}

const dashboardWith = (levelId: string, query: string) =>
  `/levels/${encodeURIComponent(levelId)}/dashboard${query ? `?${query}` : ''}`;

/** A managed level's compliance: the cleared share, then what needs acting on, each with its link. */
export function LevelCompliance({ level }: { level: ManagedLevel }) {
  const summary = useHomeSummary(level.levelId);
  const headingId = `level-${level.levelId}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {level.levelName}
        </h3>
        <span className="text-sm text-slate-600 dark:text-slate-400">{level.roleLabel}</span>
      </div>
      {summary.isPending ? (
        <div role="status" aria-label={`Loading ${level.levelName}`} className="mt-3 space-y-2">
          <div aria-hidden="true" className="h-3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          <div
            aria-hidden="true"
            className="h-3 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700"
          />
        </div>
      ) : summary.isError ? (
        <div className="mt-3 space-y-2">
          <Alert>{`This level’s summary could not be loaded: ${summary.error.message}`}</Alert>
          <Button label="Try again" variant="secondary" onClick={() => void summary.refetch()} />
        </div>
      ) : (
        <Summary level={level} summary={summary.data} />
      )}
    </section>
  );
}

function Summary({ level, summary }: { level: ManagedLevel; summary: HomeSummary }) {
  const percent = clearedPercent(summary);
  const id = level.levelId;
  return (
    <>
      <p className="mt-2">
        <span className="text-2xl font-bold tabular-nums">{percent}%</span> cleared{' '}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          ({summary.clearedCount} of {plural(summary.memberCount, 'member', 'members')})
        </span>
      </p>
      <div
        role="meter"
        aria-label={`${level.levelName} cleared`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-emerald-600" style={{ width: `${percent}%` }} />
      </div>
      <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <ActionRow
          count={summary.overdueCount}
          label="with an overdue requirement"
          action={{
            to: dashboardWith(id, `requirementStatuses=${RequirementStatus.Overdue}`),
            text: 'See who is overdue',
          }}
        />
        <ActionRow
          count={summary.pendingReviewCount}
          label="waiting for review"
          action={
            level.reviews
              ? { to: '/reviews', text: 'Open the review queue' }
              : {
                  to: dashboardWith(id, `requirementStatuses=${RequirementStatus.PendingReview}`),
                  text: 'See them',
                }
          }
        />
        <ActionRow
          count={summary.expiringCount}
          label={`with something expiring in the next ${homeExpiringWithinDays} days`}
          action={{
            to: dashboardWith(id, `requirementStatuses=${RequirementStatus.ExpiringSoon}`),
            text: 'See what expires',
          }}
        />
        <ActionRow
          count={summary.pendingInvitationCount}
          label="invitations not accepted yet"
          action={{
            to: dashboardWith(id, `overallStatuses=${MemberOverallStatus.NotActivated}`),
            text: 'See who has not joined',
          }}
        />
      </ul>
      <p className="mt-3">
        <Link
          to={dashboardWith(id, '')}
          className="text-sm font-medium text-emerald-800 underline underline-offset-4 dark:text-emerald-300"
        >
          Open the {level.levelName} dashboard
        </Link>
      </p>
    </>
  );
}
