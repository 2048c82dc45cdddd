import { and, asc, eq, gt, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../db/client.ts';
import { requirementStatusSetAggregate } from '../db/requirement-status-set.ts';
import {
  hierarchyLevels,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../db/schema/index.ts';
import { firstReminderOn } from './engine/reminder-schedule.ts';

/** A uuid[] parameter as one array literal, so a chunk of ids costs one bind parameter on either driver. */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * `column IN (SELECT unnest(ids))`: a hashed semi-join, where `= ANY(array)` or a long IN list would compare
 * every row with every id (quadratic for a thousand-profile chunk).
 */
export function inIds(column: SQLWrapper, ids: readonly string[]): SQL {
  return sql`${column} in (select unnest(${uuidArray(ids)}))`;
}

/**
 * Whether assignments could touch these profiles at all: the organization has a live assignment, or one of them
 * has an active requirement. When neither holds (most organizations before their content is set up), the
 * assignment sync is skipped.
 */
export async function assignmentsMayApply(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
): Promise<boolean> {
  const [row] = await tx
    .select({
      found: sql<boolean>`exists (select 1 from content_assignments ca
          where ca.organization_id = ${organizationId} and ca.deleted_at is null)
        or exists (select 1 from member_requirements mr
          where mr.organization_id = ${organizationId} and mr.active and ${inIds(sql.raw('mr.profile_id'), profileIds)})
        or exists (select 1 from member_conditions mc
          where mc.organization_id = ${organizationId} and mc.lifted_by = 'Document' and mc.status <> 'Lifted'
            and ${inIds(sql.raw('mc.profile_id'), profileIds)})`,
    })
    .from(sql`(select 1) as one`);
  return row?.found === true;
}

/** The profiles a whole-organization refresh visits: those with a live access or an active requirement. */
export async function organizationProfileIds(tx: Executor, organizationId: string): Promise<string[]> {
  const live = await tx
    .selectDistinct({ id: profileLevelAccesses.profileId })
    .from(profileLevelAccesses)
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt)),
    );
  const withRequirements = await tx
    .selectDistinct({ id: memberRequirements.profileId })
    .from(memberRequirements)
    .where(and(eq(memberRequirements.organizationId, organizationId), eq(memberRequirements.active, true)));
  return [...new Set([...live, ...withRequirements].map((r) => r.id))].sort();
}

/** The profiles with a live access at a level or below it (path prefix, ADR 002). */
export async function profileIdsUnderLevel(
  tx: Executor,
  organizationId: string,
  levelId: string,
): Promise<string[]> {
  const [top] = await tx
    .select({ path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(and(eq(hierarchyLevels.organizationId, organizationId), eq(hierarchyLevels.id, levelId)));
  if (!top) return [];
  const rows = await tx
    .selectDistinct({ id: profileLevelAccesses.profileId })
    .from(profileLevelAccesses)
    .innerJoin(
      hierarchyLevels,
      and(
        eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
        eq(hierarchyLevels.organizationId, organizationId),
        isNull(hierarchyLevels.deletedAt),
        sql`left(${hierarchyLevels.path}, ${top.path.length}) = ${top.path}`,
      ),
    )
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt)),
    );
  return rows.map((r) => r.id).sort();
}

/** The facts of the active requirements of some profiles, with what their definitions add to the rules. */
export function loadRequirementFacts(tx: Executor, organizationId: string, profileIds: readonly string[]) {
  return tx
    .select({
      id: memberRequirements.id,
      profileId: memberRequirements.profileId,
      definitionId: memberRequirements.definitionId,
      status: memberRequirements.status,
      completedAt: memberRequirements.completedAt,
      expiresAt: memberRequirements.expiresAt,
      dueDate: memberRequirements.dueDate,
      pendingReview: memberRequirements.pendingReview,
      reviewOutcome: memberRequirements.reviewOutcome,
      waitingOn: memberRequirements.waitingOn,
      rejectedAt: memberRequirements.rejectedAt,
      expiringSoonDays: requirementDefinitions.expiringSoonDays,
      isOptional: requirementDefinitions.isOptional,
    })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.organizationId, organizationId),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.active, true),
        inIds(memberRequirements.profileId, profileIds),
      ),
    )
    .orderBy(asc(memberRequirements.id));
}

/**
 * A page of the active requirements whose status can change with the calendar alone (an expiry, a due day, a shared
 * credential),
 * keyset-paged by id, for the daily job.
 */
export function loadDateDependentFacts(
  tx: Executor,
  organizationId: string,
  afterId: string | null,
  limit: number,
) {
  return tx
    .select({
      id: memberRequirements.id,
      profileId: memberRequirements.profileId,
      definitionId: memberRequirements.definitionId,
      status: memberRequirements.status,
      completedAt: memberRequirements.completedAt,
      expiresAt: memberRequirements.expiresAt,
      dueDate: memberRequirements.dueDate,
      pendingReview: memberRequirements.pendingReview,
      reviewOutcome: memberRequirements.reviewOutcome,
      waitingOn: memberRequirements.waitingOn,
      rejectedAt: memberRequirements.rejectedAt,
      expiringSoonDays: requirementDefinitions.expiringSoonDays,
    })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.organizationId, organizationId),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.active, true),
        // A credential shared from another organization can lapse too (ADR 049).
        sql`(${memberRequirements.expiresAt} is not null or ${memberRequirements.dueDate} is not null
          or exists (select 1 from received_credentials rc where rc.organization_id = ${organizationId}
            and rc.profile_id = ${memberRequirements.profileId} and rc.revoked_at is null))`,
        afterId === null ? undefined : gt(memberRequirements.id, afterId),
      ),
    )
    .orderBy(asc(memberRequirements.id))
    .limit(limit);
}

/** One loaded requirement's facts. */
export type LoadedFacts = Awaited<ReturnType<typeof loadRequirementFacts>>[number];

/**
 * Writes changed statuses in one statement, each with a 'status' requirement event (data.reason says why); a row
 * that turns Expired restarts its reminder schedule from today.
 */
export async function writeStatuses(
  tx: Executor,
  organizationId: string,
  changes: readonly { id: string; from: number; to: number }[],
  today: string,
  action: string,
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${RequirementStatus.Expired}::smallint`;
  const values = sql.join(
    changes.map((c) => sql`(${c.id}::uuid, ${c.from}::smallint, ${c.to}::smallint)`),
    sql`, `,
  );
  await tx.execute(sql`with v(id, from_status, to_status) as (values ${values}),
    changed as (
      update member_requirements mr set status = v.to_status, status_evaluated_on = ${today}::date, updated_at = ${at},
        reminders_sent = case when v.to_status = ${expired} then 0 else mr.reminders_sent end,
        next_reminder_on = case when v.to_status = ${expired} then ${firstReminderOn(today)}::date
          else mr.next_reminder_on end
      from v where mr.id = v.id and mr.organization_id = ${organizationId} and mr.status = v.from_status
      returning mr.id, v.from_status, v.to_status)
    insert into requirement_events (organization_id, member_requirement_id, action, from_status, to_status, data, created_at)
    select ${organizationId}, id, 'status', from_status, to_status, ${JSON.stringify({ reason: action })}::jsonb, ${at}
    from changed`);
}

/**
 * Per profile: whether it has an account, whether any of its requirements was disqualified, and whether a condition
 * restricting play stands on it (not lifted, its end not passed: ADR 040).
 */
export async function loadProfileFacts(tx: Executor, organizationId: string, profileIds: readonly string[]) {
  return tx
    .select({
      id: profiles.id,
      hasAccount: sql<boolean>`${profiles.appUserId} is not null`,
      disqualified: sql<boolean>`exists (select 1 from member_requirements q
        where q.organization_id = ${organizationId} and q.profile_id = "profiles"."id"
          and q.review_outcome = ${ReviewOutcome.RejectedDisqualified})`,
      restricted: sql<boolean>`exists (select 1 from member_conditions c
        where c.organization_id = ${organizationId} and c.profile_id = "profiles"."id"
          and c.restricts_play and c.status <> 'Lifted' and (c.until is null or c.until >= current_date))`,
    })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), inIds(profiles.id, profileIds)));
}

/**
 * Stores each profile's overall status on its live accesses, with what the dashboard reads beside it (ADR 016): the
 * set of its active requirements' statuses (bit n for status n) and their newest change, read from the rows this
 * transaction just wrote. Touches only accesses whose values change.
 */
export async function writeOverallStatuses(
  tx: Executor,
  organizationId: string,
  statuses: readonly { profileId: string; status: number }[],
  now: Date,
): Promise<void> {
  if (statuses.length === 0) return;
  const values = sql.join(
    statuses.map((s) => sql`(${s.profileId}::uuid, ${s.status}::smallint)`),
    sql`, `,
  );
  await tx.execute(sql`update profile_level_accesses pla
    set overall_status = v.status, requirement_statuses = r.statuses, last_activity_at = r.last_activity_at,
      updated_at = case when pla.overall_status is distinct from v.status
        then ${now.toISOString()}::timestamptz else pla.updated_at end
    from (values ${values}) as v(profile_id, status)
    cross join lateral (select ${requirementStatusSetAggregate(sql`mr.status`)} as statuses,
        max(mr.updated_at) as last_activity_at
      from member_requirements mr
      where mr.organization_id = ${organizationId} and mr.profile_id = v.profile_id and mr.active) r
    where pla.organization_id = ${organizationId} and pla.profile_id = v.profile_id and pla.deleted_at is null
      and (pla.overall_status, pla.requirement_statuses, pla.last_activity_at)
        is distinct from (v.status, r.statuses, r.last_activity_at)`);
}
