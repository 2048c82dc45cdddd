import { and, asc, eq, gt, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../../db/client.ts';
import {
  hierarchyLevels,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import { dayOf } from './engine/calendar.ts';
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
 * The (profile, definition) pairs that apply now, for the given profiles: a live assignment of a live definition
 * to label L at level X reaches every live access holding L at X or below (path prefix, ADR 002). When a profile
 * reaches a definition through several accesses, the oldest access is the one recorded (the spec's plaId).
 */
function applicable(organizationId: string, profileIds: readonly string[]): SQL {
  return sql`applicable as (
    select distinct on (pla.profile_id, ca.definition_id)
      pla.profile_id, ca.definition_id, pla.id as pla_id
    from profile_level_accesses pla
    join profiles p on p.id = pla.profile_id and p.organization_id = ${organizationId} and p.deleted_at is null
    join hierarchy_levels ml on ml.id = pla.hierarchy_level_id and ml.organization_id = ${organizationId}
      and ml.deleted_at is null
    join content_assignments ca on ca.organization_id = ${organizationId} and ca.label_id = pla.label_id
      and ca.deleted_at is null
    join hierarchy_levels al on al.id = ca.hierarchy_level_id and al.organization_id = ${organizationId}
      and al.deleted_at is null
    join requirement_definitions d on d.id = ca.definition_id and d.organization_id = ${organizationId}
      and d.deleted_at is null
    where pla.organization_id = ${organizationId} and pla.deleted_at is null
      and ${inIds(sql.raw('pla.profile_id'), profileIds)}
      and left(ml.path, length(al.path)) = al.path
    order by pla.profile_id, ca.definition_id, pla.created_at, pla.id
  )`;
}

/** The due day of an instance: the definition's fixed date, else its days after the assignment (UTC day). */
const dueDateExpr = sql`coalesce(d.due_date, ((mr.assigned_at at time zone 'UTC')::date + d.due_in_days))`;

/**
 * Brings the rows of some profiles in line with the assignments, set-based, each step with its requirement_events:
 * deactivates rows no longer applying ('unassigned'), reactivates rows applying again ('reassigned': new assignment
 * time, reminders restart, facts kept), points active rows at a live access, inserts missing rows ('assigned'),
 * and recomputes due days. Returns nothing: statuses are derived afterwards from the stored facts.
 */
export async function syncAssignments(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const firstReminder = sql`${firstReminderOn(dayOf(now))}::date`;
  const events = (cte: string, action: string) =>
    sql`insert into requirement_events (organization_id, member_requirement_id, action, from_status, to_status, created_at)
      select ${organizationId}, id, ${action}, status, status, ${at} from ${sql.raw(cte)}`;

  await tx.execute(sql`with ${applicable(organizationId, profileIds)},
    gone as (
      update member_requirements mr set active = false, updated_at = ${at}
      where mr.organization_id = ${organizationId} and mr.active and ${inIds(sql.raw('mr.profile_id'), profileIds)}
        and not exists (select 1 from applicable a
          where a.profile_id = mr.profile_id and a.definition_id = mr.definition_id)
      returning mr.id, mr.status)
    ${events('gone', 'unassigned')}`);

  await tx.execute(sql`with ${applicable(organizationId, profileIds)},
    back as (
      update member_requirements mr
      set active = true, assigned_at = ${at}, profile_level_access_id = a.pla_id, reminders_sent = 0,
        next_reminder_on = ${firstReminder}, updated_at = ${at}
      from applicable a
      where mr.organization_id = ${organizationId} and not mr.active
        and mr.profile_id = a.profile_id and mr.definition_id = a.definition_id
      returning mr.id, mr.status)
    ${events('back', 'reassigned')}`);

  await tx.execute(sql`with ${applicable(organizationId, profileIds)}
    update member_requirements mr set profile_level_access_id = a.pla_id, updated_at = ${at}
    from applicable a
    where mr.organization_id = ${organizationId} and mr.active
      and mr.profile_id = a.profile_id and mr.definition_id = a.definition_id
      and mr.profile_level_access_id is distinct from a.pla_id`);

  await tx.execute(sql`with ${applicable(organizationId, profileIds)},
    added as (
      insert into member_requirements
        (organization_id, profile_id, definition_id, profile_level_access_id, active, assigned_at, next_reminder_on,
         created_at, updated_at)
      select ${organizationId}, a.profile_id, a.definition_id, a.pla_id, true, ${at}, ${firstReminder}, ${at}, ${at}
      from applicable a
      where not exists (select 1 from member_requirements x where x.organization_id = ${organizationId}
        and x.profile_id = a.profile_id and x.definition_id = a.definition_id)
      on conflict (organization_id, profile_id, definition_id)
        do update set active = true where not member_requirements.active
      returning id, status)
    ${events('added', 'assigned')}`);

  await tx.execute(sql`update member_requirements mr set due_date = ${dueDateExpr}, updated_at = ${at}
    from requirement_definitions d
    where mr.organization_id = ${organizationId} and mr.active and ${inIds(sql.raw('mr.profile_id'), profileIds)}
      and d.id = mr.definition_id and d.organization_id = ${organizationId}
      and mr.due_date is distinct from ${dueDateExpr}`);
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
      any: sql<boolean>`exists (select 1 from content_assignments ca
          where ca.organization_id = ${organizationId} and ca.deleted_at is null)
        or exists (select 1 from member_requirements mr
          where mr.organization_id = ${organizationId} and mr.active and ${inIds(sql.raw('mr.profile_id'), profileIds)})`,
    })
    .from(sql`(select 1) as one`);
  return row?.any === true;
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
 * A page of the active requirements whose status can change with the calendar alone (an expiry or a due day),
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
        sql`(${memberRequirements.expiresAt} is not null or ${memberRequirements.dueDate} is not null)`,
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

/** Per profile: whether it has an account, and whether any of its requirements was disqualified. */
export async function loadProfileFacts(tx: Executor, organizationId: string, profileIds: readonly string[]) {
  return tx
    .select({
      id: profiles.id,
      hasAccount: sql<boolean>`${profiles.appUserId} is not null`,
      disqualified: sql<boolean>`exists (select 1 from member_requirements q
        where q.organization_id = ${organizationId} and q.profile_id = "profiles"."id"
          and q.review_outcome = ${ReviewOutcome.RejectedDisqualified})`,
    })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), inIds(profiles.id, profileIds)));
}

/** Stores each profile's overall status on its live accesses, touching only rows whose value changes. */
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
    set overall_status = v.status, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(profile_id, status)
    where pla.organization_id = ${organizationId} and pla.profile_id = v.profile_id
      and pla.deleted_at is null and pla.overall_status is distinct from v.status`);
}
