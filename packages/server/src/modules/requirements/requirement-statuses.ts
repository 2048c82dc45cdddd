import type { Deps } from '../../deps.ts';
import { z } from 'zod';
import { and, asc, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { rederiveDateDependentStatuses } from '../../requirement-core/requirements-engine.service.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';

/** What the daily status sweep needs. */
export type StatusSweepDeps = Pick<Deps, 'db' | 'log'>;

const organizationsPerPage = 200;

/** The UTC calendar day of an instant, the engine's notion of "today". */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

function organizationIdsAfter(db: Database, afterId: string | null, limit: number) {
  return db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(isNull(organizations.deletedAt), afterId === null ? undefined : gt(organizations.id, afterId)))
    .orderBy(asc(organizations.id))
    .limit(limit);
}

/**
 * Re-derives, in every live organization, the requirement statuses that move with the calendar (ExpiringSoon,
 * Expired, Overdue) and the overall statuses they change (ADR 012). One organization failing is logged and the
 * others still run; the next run retries it. Idempotent.
 */
export async function sweepRequirementStatuses(
  deps: StatusSweepDeps,
  now: Date,
): Promise<{ organizations: number; changed: number; failed: number }> {
  const today = dayOf(now);
  let afterId: string | null = null;
  const totals = { organizations: 0, changed: 0, failed: 0 };
  for (;;) {
    const page = await organizationIdsAfter(deps.db, afterId, organizationsPerPage);
    for (const { id } of page) {
      try {
        totals.changed += await rederiveDateDependentStatuses(deps.db, id, now, today);
        totals.organizations += 1;
      } catch (err) {
        totals.failed += 1;
        deps.log.error({ err, organizationId: id }, 'requirement statuses could not be re-derived');
      }
    }
    const last = page.at(-1);
    if (!last || page.length < organizationsPerPage) return totals;
    afterId = last.id;
  }
}

/**
 * The daily sweep as a cron job: shortly after midnight UTC, one run at a time across all instances; a day missed
 * while no instance ran is caught up once at the next start.
 */
export const requirementStatusesJob = defineJob({
  name: 'requirement-statuses',
  payload: z.object({}),
  cron: '5 0 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  run: (deps: JobDeps) => sweepRequirementStatuses(deps, new Date()),
});
