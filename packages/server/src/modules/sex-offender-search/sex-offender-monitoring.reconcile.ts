import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../../db/client.ts';
import {
  memberRequirements,
  requirementDefinitions,
  requirementSubmissions,
  screeningMonitors,
} from '../../db/schema/index.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { currentStatus } from '../../requirement-core/requirement-state.ts';
import {
  lockRequirementForSystem,
  type LoadedRequirement,
} from '../../requirement-core/requirement-target.ts';
import { adverseActionKind } from '../background-checks/background-check-adverse.ts';
import { latestScreeningOrder } from '../../requirement-core/screening-order-state.ts';
import { sexOffenderContentOf } from './sex-offender-content.ts';
import {
  liveMonitorStatuses,
  monitorOf,
  monitoringConsentKind,
  queueMonitorEnrolment,
  queueMonitorUnenrolment,
  type MonitorEndReason,
} from './sex-offender-monitoring.jobs.ts';

/** Whether the member's search came back clear and still counts: monitoring starts from there. */
export async function clearedBySearch(tx: Executor, loaded: LoadedRequirement): Promise<boolean> {
  const status = currentStatus(loaded.requirement, loaded.definition.expiringSoonDays);
  if (status !== RequirementStatus.Completed && status !== RequirementStatus.ExpiringSoon) return false;
  return (await latestScreeningOrder(tx, loaded.requirement.id))?.status === 'clear';
}

/** Why a live monitor must end now, or null while it should run. */
function endReasonOf(row: {
  active: boolean;
  content: unknown;
  gone: boolean;
  disqualified: boolean;
  inAdverseAction: boolean;
  consented: boolean;
}): MonitorEndReason | null {
  if (!row.active || row.gone) return 'unassigned';
  if (!sexOffenderContentOf(row.content).monitorContinuously) return 'monitoring-off';
  // Signed again meanwhile is still consent; none live is a withdrawal.
  if (!row.consented) return 'consent-withdrawn';
  // Rejected through the adverse-action notices (or a review): nothing is left to watch for.
  if (row.disqualified) return 'disqualified';
  // A pre-adverse or final notice stands (ended at once when sent; this catches what that missed).
  if (row.inAdverseAction) return 'adverse-action';
  return null;
}

/**
 * Brings monitoring in line with the requirements: a live monitor whose requirement was unassigned (the member left
 * the level, was archived, or the definition was removed; the assignment sync marks the requirement inactive with
 * an `unassigned` event), whose definition stopped monitoring, whose consent was withdrawn, or whose member was
 * disqualified is unenrolled; a member
 * cleared by a search with evergreen consent on file and no monitor is enrolled (what the result's own enqueue
 * missed). Every queueing is keyed, so a run twice queues once.
 */
export async function reconcileSexOffenderMonitors(
  deps: Pick<JobDeps, 'db' | 'jobs'>,
): Promise<{ enrolled: number; unenrolled: number }> {
  const totals = { enrolled: 0, unenrolled: 0 };
  // One read of every live monitor with what decides it (no query per monitor).
  const live = await deps.db
    .select({
      monitor: screeningMonitors,
      active: memberRequirements.active,
      content: requirementDefinitions.content,
      gone: sql<boolean>`${requirementDefinitions.deletedAt} is not null`,
      disqualified: sql<boolean>`coalesce(${memberRequirements.reviewOutcome} = ${ReviewOutcome.RejectedDisqualified}, false)`,
      inAdverseAction: sql<boolean>`exists (${deps.db
        .select({ one: sql`1` })
        .from(requirementSubmissions)
        .where(
          and(
            eq(requirementSubmissions.memberRequirementId, screeningMonitors.memberRequirementId),
            eq(requirementSubmissions.kind, adverseActionKind),
            isNull(requirementSubmissions.supersededAt),
            sql`${requirementSubmissions.data}->>'stage' in ('pre-adverse', 'final-adverse')`,
          ),
        )})`,
      consented: sql<boolean>`exists (${deps.db
        .select({ one: sql`1` })
        .from(requirementSubmissions)
        .where(
          and(
            eq(requirementSubmissions.memberRequirementId, screeningMonitors.memberRequirementId),
            eq(requirementSubmissions.kind, monitoringConsentKind),
            isNull(requirementSubmissions.supersededAt),
          ),
        )})`,
    })
    .from(screeningMonitors)
    .innerJoin(memberRequirements, eq(memberRequirements.id, screeningMonitors.memberRequirementId))
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(inArray(screeningMonitors.status, [...liveMonitorStatuses]));
  for (const row of live) {
    const reason = endReasonOf(row);
    if (!reason) continue;
    const queued = await deps.db.transaction(async (tx) => {
      const locked = await monitorOf(tx, row.monitor.memberRequirementId, true);
      return locked ? queueMonitorUnenrolment(deps.jobs, tx, locked, reason) : false;
    });
    if (queued) totals.unenrolled += 1;
  }
  const candidates = await deps.db
    .select({ id: memberRequirements.id, organizationId: memberRequirements.organizationId })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .innerJoin(
      requirementSubmissions,
      and(
        eq(requirementSubmissions.memberRequirementId, memberRequirements.id),
        eq(requirementSubmissions.kind, monitoringConsentKind),
        isNull(requirementSubmissions.supersededAt),
      ),
    )
    .where(
      and(
        eq(requirementDefinitions.type, RequirementType.SexOffenderSearch),
        isNull(requirementDefinitions.deletedAt),
        sql`(${requirementDefinitions.content}->>'monitorContinuously')::boolean is true`,
        eq(memberRequirements.active, true),
        inArray(memberRequirements.status, [RequirementStatus.Completed, RequirementStatus.ExpiringSoon]),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(screeningMonitors)
            .where(
              and(
                eq(screeningMonitors.memberRequirementId, memberRequirements.id),
                inArray(screeningMonitors.status, [...liveMonitorStatuses, 'unenrolling']),
              ),
            ),
        ),
      ),
    );
  for (const requirement of candidates) {
    const queued = await deps.db.transaction(async (tx) => {
      const loaded = await lockRequirementForSystem(tx, requirement.organizationId, requirement.id);
      if (!loaded || !(await clearedBySearch(tx, loaded))) return false;
      return queueMonitorEnrolment(deps.jobs, tx, loaded);
    });
    if (queued) totals.enrolled += 1;
  }
  return totals;
}

/** The reconciliation as a cron job, every ten minutes: unassignments and withdrawals end monitors within it. */
export const sexOffenderMonitorReconcileJob = defineJob({
  name: 'screening.reconcile-sex-offender-monitors',
  payload: z.object({}),
  cron: '*/10 * * * *',
  retry: { limit: 1, delaySeconds: 60 },
  expireInSeconds: 540,
  run: (deps) => reconcileSexOffenderMonitors(deps),
});
