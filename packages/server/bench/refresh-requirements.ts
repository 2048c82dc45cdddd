import { sql } from 'drizzle-orm';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus as S } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import { dayOf, type Day } from '../src/requirement-core/engine/calendar.ts';
import { firstReminderOn } from '../src/requirement-core/engine/reminder-schedule.ts';
import { refreshMemberRequirements } from '../src/modules/requirements/requirements.service.ts';
import { compare, report, type Side } from './measure.ts';
import { clearRequirements, requirementsSnapshot, seedRequirementsWorld } from './requirements-world.ts';

const members = 10_000;
const definitions = 5;

/**
 * The same set-based work as refreshMemberRequirements for a whole organization, as hand-written SQL with no
 * chunking, no round trips for loading facts and no TypeScript derivation: the applicable pairs (ADR 002 path
 * prefix) inserted with their due day and status, rows no longer applying deactivated, due days recomputed,
 * statuses re-derived by the ADR 012 precedence in SQL, and overall statuses written where they differ, each with
 * its events. On an unchanged organization every statement finds nothing to write.
 */
async function rawRefresh(db: Database, organizationId: string, now: Date, today: Day) {
  const org = sql`${organizationId}::uuid`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const day = sql`${today}::date`;
  const n = (value: number) => sql.raw(String(value));
  const dueDay = sql`coalesce(d.due_date, ((mr.assigned_at at time zone 'UTC')::date + d.due_in_days))`;
  const derived = sql`case
      when mr.review_outcome in (${n(ReviewOutcome.RejectedReset)}, ${n(ReviewOutcome.RejectedDisqualified)}) then ${n(S.Rejected)}
      when mr.pending_review then ${n(S.PendingReview)}
      when mr.waiting_on = 1 then ${n(S.WaitingOnApplicant)}
      when mr.waiting_on = 2 then ${n(S.WaitingOnProvider)}
      when mr.completed_at is not null and (mr.completed_at at time zone 'UTC')::date <= ${day} then case
        when mr.expires_at is null then ${n(S.Completed)}
        when ${day} >= mr.expires_at then ${n(S.Expired)}
        when ${day} >= mr.expires_at - greatest(0, d.expiring_soon_days) then ${n(S.ExpiringSoon)}
        else ${n(S.Completed)} end
      when mr.due_date is not null and ${day} > mr.due_date then ${n(S.Overdue)}
      else ${n(S.Incomplete)} end`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`with pairs as (
        select distinct on (pla.profile_id, ca.definition_id) pla.profile_id, ca.definition_id, pla.id as pla_id,
          coalesce(d.due_date, (${at} at time zone 'UTC')::date + d.due_in_days) as due_date
        from profile_level_accesses pla
        join profiles p on p.id = pla.profile_id and p.organization_id = ${org} and p.deleted_at is null
        join hierarchy_levels ml on ml.id = pla.hierarchy_level_id and ml.organization_id = ${org} and ml.deleted_at is null
        join content_assignments ca on ca.organization_id = ${org} and ca.label_id = pla.label_id and ca.deleted_at is null
        join hierarchy_levels al on al.id = ca.hierarchy_level_id and al.organization_id = ${org} and al.deleted_at is null
        join requirement_definitions d on d.id = ca.definition_id and d.organization_id = ${org} and d.deleted_at is null
        where pla.organization_id = ${org} and pla.deleted_at is null and left(ml.path, length(al.path)) = al.path
        order by pla.profile_id, ca.definition_id, pla.created_at, pla.id),
      added as (
        insert into member_requirements (organization_id, profile_id, definition_id, profile_level_access_id, active,
          assigned_at, due_date, status, next_reminder_on, status_evaluated_on, created_at, updated_at)
        select ${org}, profile_id, definition_id, pla_id, true, ${at}, due_date,
          case when due_date < ${day} then ${n(S.Overdue)} else ${n(S.Incomplete)} end,
          ${firstReminderOn(today)}::date, ${day}, ${at}, ${at}
        from pairs
        on conflict (organization_id, profile_id, definition_id) do nothing
        returning id, status),
      gone as (
        update member_requirements mr set active = false, updated_at = ${at}
        where mr.organization_id = ${org} and mr.active and not exists (select 1 from pairs
          where pairs.profile_id = mr.profile_id and pairs.definition_id = mr.definition_id)
        returning mr.id, mr.status)
      insert into requirement_events (organization_id, member_requirement_id, action, from_status, to_status, created_at)
      select ${org}, id, 'assigned', status, status, ${at} from added
      union all select ${org}, id, 'unassigned', status, status, ${at} from gone`);
    await tx.execute(sql`update member_requirements mr set due_date = ${dueDay}, updated_at = ${at}
      from requirement_definitions d
      where mr.organization_id = ${org} and mr.active and d.id = mr.definition_id and d.organization_id = ${org}
        and mr.due_date is distinct from ${dueDay}`);
    await tx.execute(sql`with old as (
        select mr.id, mr.status as from_status, (${derived}) as to_status
        from member_requirements mr
        join requirement_definitions d on d.id = mr.definition_id and d.organization_id = ${org}
        where mr.organization_id = ${org} and mr.active and mr.status <> (${derived})),
      changed as (
        update member_requirements mr set status = old.to_status, status_evaluated_on = ${day}, updated_at = ${at}
        from old where mr.id = old.id and mr.organization_id = ${org}
        returning mr.id, old.from_status, old.to_status)
      insert into requirement_events (organization_id, member_requirement_id, action, from_status, to_status, data,
        created_at)
      select ${org}, id, 'status', from_status, to_status, '{"reason":"refresh"}'::jsonb, ${at} from changed`);
    await tx.execute(sql`with per as (
        select p.id as profile_id, case
          when exists (select 1 from member_requirements q where q.organization_id = ${org} and q.profile_id = p.id
            and q.review_outcome = ${n(ReviewOutcome.RejectedDisqualified)}) then ${n(MemberOverallStatus.Disqualified)}
          when p.app_user_id is null then ${n(MemberOverallStatus.NotActivated)}
          when count(mr.id) = 0 then ${n(MemberOverallStatus.NoRequirements)}
          when count(mr.id) filter (where not d.is_optional) = 0 then ${n(MemberOverallStatus.Optional)}
          when bool_and(mr.status in (${n(S.Completed)}, ${n(S.ExpiringSoon)})) filter (where not d.is_optional)
            then ${n(MemberOverallStatus.Cleared)}
          when bool_and(mr.status in (${n(S.Completed)}, ${n(S.ExpiringSoon)}, ${n(S.PendingReview)}))
            filter (where not d.is_optional) then ${n(MemberOverallStatus.NotConfirmed)}
          else ${n(MemberOverallStatus.Incomplete)} end as status
        from profiles p
        left join member_requirements mr on mr.organization_id = ${org} and mr.profile_id = p.id and mr.active
        left join requirement_definitions d on d.id = mr.definition_id and d.organization_id = ${org}
        where p.organization_id = ${org} and p.deleted_at is null
        group by p.id, p.app_user_id)
      update profile_level_accesses pla set overall_status = per.status, updated_at = ${at}
      from per where pla.organization_id = ${org} and pla.profile_id = per.profile_id and pla.deleted_at is null
        and pla.overall_status is distinct from per.status`);
  });
}

/**
 * refreshMemberRequirements over a whole organization of 10,000 members × 5 definitions, against the raw SQL of
 * the same set-based work in the same run: the first refresh (50,000 rows and events to write, from a cleared
 * state each time) and an unchanged re-run (everything compared, nothing written). Both sides are checked to leave
 * the same rows, events and overall statuses before anything is timed.
 */
export async function benchRefreshRequirements(database: DatabaseHandle) {
  const db = database.db;
  const world = await seedRequirementsWorld(db, { members, definitions });
  const { organizationId } = world;
  // Planner statistics as a live database has them (autovacuum would gather them, on its own schedule).
  const analyze = () => db.execute(sql`analyze`);
  await analyze();
  const now = new Date();
  const today = dayOf(now);
  const engine = () => refreshMemberRequirements(db, organizationId, { now, today });
  const raw = () => rawRefresh(db, organizationId, now, today);
  const clear = () => clearRequirements(db, organizationId);

  await engine();
  const byEngine = await requirementsSnapshot(db, organizationId);
  await clear();
  await raw();
  const byRaw = await requirementsSnapshot(db, organizationId);
  if (byEngine !== byRaw)
    throw new Error(`the raw SQL did other work:\n engine ${byEngine}\n raw    ${byRaw}`);

  const label = `refresh-requirements on ${database.kind} (${members} members × ${definitions} definitions)`;
  const first: [Side, Side] = [
    { name: 'refreshMemberRequirements', reset: clear, run: engine },
    { name: 'raw SQL', reset: clear, run: raw },
  ];
  report(`${label}, first refresh: engine vs raw SQL`, await compare(...first, { rounds: 3, iterations: 1 }));
  await clear();
  await engine();
  await analyze();
  const settled = await requirementsSnapshot(db, organizationId);
  const again: [Side, Side] = [
    { name: 'refreshMemberRequirements', run: engine },
    { name: 'raw SQL', run: raw },
  ];
  report(
    `${label}, unchanged re-run: engine vs raw SQL`,
    await compare(...again, { rounds: 3, iterations: 2 }),
  );
  if ((await requirementsSnapshot(db, organizationId)) !== settled)
    throw new Error('an unchanged re-run changed something');
}
