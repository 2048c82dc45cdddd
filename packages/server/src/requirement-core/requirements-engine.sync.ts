import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { memberRequirements } from '../db/schema/index.ts';
import { dayOf } from './engine/calendar.ts';
import { firstReminderOn } from './engine/reminder-schedule.ts';
import { inIds } from './requirements-engine.queries.ts';

/** Rows per write statement (three or four bind parameters each, far below the protocol's limit). */
const writeBatch = 2000;

type Pair = { profileId: string; definitionId: string; plaId: string };

/**
 * The (profile, definition) pairs that apply now, for the given profiles: a live assignment of a live definition
 * to label L at level X reaches every live access holding L at X or below (path prefix, ADR 002). When a profile
 * reaches a definition through several accesses, the oldest access is the one recorded (the spec's plaId).
 */
async function applicablePairs(tx: Executor, organizationId: string, profileIds: readonly string[]) {
  const result = await tx.execute(sql`select distinct on (pla.profile_id, ca.definition_id)
      pla.profile_id::text as "profileId", ca.definition_id::text as "definitionId", pla.id::text as "plaId"
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
    order by pla.profile_id, ca.definition_id, pla.created_at, pla.id`);
  const assigned = (result as unknown as { rows: Pair[] }).rows;
  // A member under a condition lifted by a document (not yet lifted) also holds the organization's return-to-play
  // clearance requirement (ADR 040), through their oldest live access: the clearance is reviewed in the queue.
  const clearance = await tx.execute(sql`select distinct on (mc.profile_id)
      mc.profile_id::text as "profileId", s.clearance_definition_id::text as "definitionId", pla.id::text as "plaId"
    from member_conditions mc
    join incident_settings s on s.organization_id = ${organizationId} and s.clearance_definition_id is not null
    join requirement_definitions d on d.id = s.clearance_definition_id and d.organization_id = ${organizationId}
      and d.deleted_at is null
    join profile_level_accesses pla on pla.profile_id = mc.profile_id and pla.organization_id = ${organizationId}
      and pla.deleted_at is null
    join profiles p on p.id = mc.profile_id and p.organization_id = ${organizationId} and p.deleted_at is null
    where mc.organization_id = ${organizationId} and mc.lifted_by = 'Document' and mc.status <> 'Lifted'
      and ${inIds(sql.raw('mc.profile_id'), profileIds)}
    order by mc.profile_id, pla.created_at, pla.id`);
  const seen = new Set(assigned.map((p) => `${p.profileId}|${p.definitionId}`));
  const extra = (clearance as unknown as { rows: Pair[] }).rows.filter(
    (p) => !seen.has(`${p.profileId}|${p.definitionId}`),
  );
  return [...assigned, ...extra];
}

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += writeBatch) out.push(items.slice(i, i + writeBatch));
  return out;
}

/** Runs a statement over VALUES rows in batches; each statement joins its rows by primary key or unique key. */
async function eachBatch<T>(
  tx: Executor,
  rows: readonly T[],
  row: (r: T) => SQL,
  statement: (values: SQL) => SQL,
) {
  for (const batch of batches(rows)) await tx.execute(statement(sql.join(batch.map(row), sql`, `)));
}

/**
 * Brings the rows of some profiles in line with the assignments. The applicable pairs and the existing rows are
 * loaded and compared in memory; every write joins VALUES by id (or the unique key), so it stays linear at any
 * size. Each step appends its requirement_events: 'unassigned' (deactivated, history kept), 'reassigned' (the same
 * row again: new assignment time, reminders restart, facts kept), 'assigned' (inserted, with its due day at once, so
 * a new row is written once, not inserted and then updated by syncDueDates). Active rows are pointed at a live
 * access quietly.
 */
export async function syncAssignments(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const firstReminder = sql`${firstReminderOn(dayOf(now))}::date`;
  const pairs = await applicablePairs(tx, organizationId, profileIds);
  const existing = await tx
    .select({
      id: memberRequirements.id,
      profileId: memberRequirements.profileId,
      definitionId: memberRequirements.definitionId,
      active: memberRequirements.active,
      plaId: memberRequirements.profileLevelAccessId,
    })
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        inIds(memberRequirements.profileId, profileIds),
      ),
    );
  const key = (r: { profileId: string; definitionId: string }) => `${r.profileId}|${r.definitionId}`;
  const wanted = new Map(pairs.map((p) => [key(p), p]));
  const have = new Map(existing.map((r) => [key(r), r]));
  const gone = existing.filter((r) => r.active && !wanted.has(key(r)));
  const back: { id: string; plaId: string }[] = [];
  const repoint: { id: string; plaId: string }[] = [];
  const added = pairs.filter((p) => !have.has(key(p)));
  for (const r of existing) {
    const pair = wanted.get(key(r));
    if (!pair) continue;
    if (!r.active) back.push({ id: r.id, plaId: pair.plaId });
    else if (r.plaId !== pair.plaId) repoint.push({ id: r.id, plaId: pair.plaId });
  }
  const events = (cte: string, action: string) =>
    sql`insert into requirement_events (organization_id, member_requirement_id, action, from_status, to_status, created_at)
      select ${organizationId}, id, ${action}, status, status, ${at} from ${sql.raw(cte)}`;

  await eachBatch(
    tx,
    gone,
    (r) => sql`(${r.id}::uuid)`,
    (values) => sql`with v(id) as (values ${values}),
    gone as (
      update member_requirements mr set active = false, updated_at = ${at}
      from v where mr.id = v.id and mr.organization_id = ${organizationId} and mr.active
      returning mr.id, mr.status)
    ${events('gone', 'unassigned')}`,
  );
  await eachBatch(
    tx,
    back,
    (r) => sql`(${r.id}::uuid, ${r.plaId}::uuid)`,
    (values) => sql`with v(id, pla_id) as (values ${values}),
    back as (
      update member_requirements mr
      set active = true, assigned_at = ${at}, profile_level_access_id = v.pla_id, reminders_sent = 0,
        next_reminder_on = ${firstReminder}, updated_at = ${at}
      from v where mr.id = v.id and mr.organization_id = ${organizationId} and not mr.active
      returning mr.id, mr.status)
    ${events('back', 'reassigned')}`,
  );
  await eachBatch(
    tx,
    repoint,
    (r) => sql`(${r.id}::uuid, ${r.plaId}::uuid)`,
    (values) => sql`update member_requirements mr
    set profile_level_access_id = v.pla_id, updated_at = ${at}
    from (values ${values}) as v(id, pla_id) where mr.id = v.id and mr.organization_id = ${organizationId}`,
  );
  await eachBatch(
    tx,
    added,
    (p) => sql`(${p.profileId}::uuid, ${p.definitionId}::uuid, ${p.plaId}::uuid)`,
    (values) => sql`with v(profile_id, definition_id, pla_id) as (values ${values}),
    added as (
      insert into member_requirements
        (organization_id, profile_id, definition_id, profile_level_access_id, active, assigned_at, due_date,
         next_reminder_on, created_at, updated_at)
      select ${organizationId}, v.profile_id, v.definition_id, v.pla_id, true, ${at},
        coalesce(d.due_date, (${at} at time zone 'UTC')::date + d.due_in_days), ${firstReminder}, ${at}, ${at}
      from v join requirement_definitions d on d.id = v.definition_id and d.organization_id = ${organizationId}
      on conflict (organization_id, profile_id, definition_id)
        do update set active = true where not member_requirements.active
      returning id, status)
    ${events('added', 'assigned')}`,
  );
}

/** The due day of an instance: the definition's fixed date, else its days after the assignment (UTC day). */
const dueDateExpr = sql`coalesce(d.due_date, ((mr.assigned_at at time zone 'UTC')::date + d.due_in_days))`;

/** Recomputes the due day of some profiles' active rows where the definition's rule now gives another day. */
export async function syncDueDates(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date,
): Promise<void> {
  await tx.execute(sql`update member_requirements mr
    set due_date = ${dueDateExpr}, updated_at = ${now.toISOString()}::timestamptz
    from requirement_definitions d
    where mr.organization_id = ${organizationId} and mr.active and ${inIds(sql.raw('mr.profile_id'), profileIds)}
      and d.id = mr.definition_id and d.organization_id = ${organizationId}
      and mr.due_date is distinct from ${dueDateExpr}`);
}
