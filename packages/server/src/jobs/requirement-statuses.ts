import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, asc, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';
import { rederiveDateDependentStatuses } from '../modules/requirements/requirements.service.ts';
import type { IntervalJob } from './scheduler.ts';

/** What the daily status sweep needs. */
export type StatusSweepDeps = { db: Database; log: FastifyBaseLogger };

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
 * The daily sweep as a scheduler job: checked hourly, it runs at start and then once per calendar day (UTC) in
 * each process; several processes running it the same day only repeat idempotent work.
 */
export function requirementStatusesJob(app: FastifyInstance): IntervalJob {
  const deps = { db: app.database.db, log: app.log };
  let lastDay: string | null = null;
  return {
    name: 'requirement-statuses',
    intervalMs: 60 * 60_000,
    run: async (now) => {
      const today = dayOf(now);
      if (today === lastDay) return;
      await sweepRequirementStatuses(deps, now);
      lastDay = today;
    },
  };
}
