import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { ActiveStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { Executor } from '../db/client.ts';
import { memberRequirements, organizations, profiles, requirementDefinitions } from '../db/schema/index.ts';

/** Statuses in which a mandatory requirement still asks something of the member, so it is reminded. */
export const remindedStatuses = [
  RequirementStatus.Incomplete,
  RequirementStatus.Overdue,
  RequirementStatus.Expired,
  RequirementStatus.Rejected,
  RequirementStatus.WaitingOnApplicant,
];

const mandatoryDefinition = and(
  eq(requirementDefinitions.id, memberRequirements.definitionId),
  eq(requirementDefinitions.organizationId, memberRequirements.organizationId),
  isNull(requirementDefinitions.deletedAt),
  eq(requirementDefinitions.isOptional, false),
);

/** The member can be e-mailed: an account, an address, and a live Active membership at a live level. */
const reachableMember = and(
  eq(profiles.id, memberRequirements.profileId),
  eq(profiles.organizationId, memberRequirements.organizationId),
  isNull(profiles.deletedAt),
  isNotNull(profiles.appUserId),
  isNotNull(profiles.email),
  sql`exists (select 1 from profile_level_accesses pla
    join hierarchy_levels l on l.id = pla.hierarchy_level_id and l.deleted_at is null
    where pla.organization_id = "member_requirements"."organization_id"
      and pla.profile_id = "member_requirements"."profile_id"
      and pla.deleted_at is null and pla.group_membership_status = ${ActiveStatus.Active})`,
);

const open = (today: string) =>
  and(
    eq(memberRequirements.active, true),
    lte(memberRequirements.nextReminderOn, today),
    inArray(memberRequirements.status, remindedStatuses),
  );

/** Up to `limit` members with a reminder due today, each taken whole so one digest covers all their due rows. */
export function dueMembers(db: Executor, today: string, limit: number) {
  return db
    .selectDistinct({ profileId: memberRequirements.profileId })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, mandatoryDefinition)
    .innerJoin(profiles, reachableMember)
    .innerJoin(
      organizations,
      and(eq(organizations.id, memberRequirements.organizationId), isNull(organizations.deletedAt)),
    )
    .where(open(today))
    .orderBy(asc(memberRequirements.profileId))
    .limit(limit);
}

/**
 * Locks the due rows of these members (SKIP LOCKED: another sweep has them) and leases them until `leaseDay`, so
 * no other sweep takes them while the digest is mailed. Returns the rows as they were.
 */
export async function leaseDueRows(
  tx: Executor,
  profileIds: readonly string[],
  today: string,
  leaseDay: string,
) {
  const rows = await tx
    .select({
      id: memberRequirements.id,
      organizationId: memberRequirements.organizationId,
      profileId: memberRequirements.profileId,
      remindersSent: memberRequirements.remindersSent,
      nextReminderOn: memberRequirements.nextReminderOn,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, mandatoryDefinition)
    .where(and(open(today), inArray(memberRequirements.profileId, [...profileIds])))
    .for('update', { of: memberRequirements, skipLocked: true });
  if (rows.length > 0)
    await tx
      .update(memberRequirements)
      .set({ nextReminderOn: leaseDay })
      .where(
        inArray(
          memberRequirements.id,
          rows.map((r) => r.id),
        ),
      );
  return rows;
}

/** What a digest lists: each member's open mandatory requirements, with the member's address and organization. */
export function digestRows(db: Executor, profileIds: readonly string[]) {
  return db
    .select({
      profileId: profiles.id,
      email: profiles.email,
      firstName: profiles.firstName,
      organizationName: organizations.name,
      name: requirementDefinitions.name,
      status: memberRequirements.status,
      dueDate: memberRequirements.dueDate,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, mandatoryDefinition)
    .innerJoin(profiles, eq(profiles.id, memberRequirements.profileId))
    .innerJoin(organizations, eq(organizations.id, memberRequirements.organizationId))
    .where(
      and(
        eq(memberRequirements.active, true),
        inArray(memberRequirements.status, remindedStatuses),
        inArray(memberRequirements.profileId, [...profileIds]),
      ),
    )
    .orderBy(asc(profiles.id), asc(requirementDefinitions.sortOrder), asc(requirementDefinitions.name));
}

/**
 * Records sent reminders: the count and the next day (null after the tenth) for rows still under this sweep's
 * lease, each with a 'reminded' requirement event, in one statement.
 */
export async function recordReminders(
  db: Executor,
  sent: readonly {
    id: string;
    organizationId: string;
    remindersSent: number;
    nextReminderOn: string | null;
  }[],
  leaseDay: string,
  now: Date,
): Promise<void> {
  if (sent.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  const values = sql.join(
    sent.map(
      (s) =>
        sql`(${s.id}::uuid, ${s.organizationId}::uuid, ${s.remindersSent}::int, ${s.nextReminderOn}::date)`,
    ),
    sql`, `,
  );
  await db.execute(sql`with v(id, organization_id, reminders_sent, next_on) as (values ${values}),
    done as (
      -- Bookkeeping, not a change of the requirement: updated_at (the dashboard's last activity, ADR 016) stays; the
      -- event below records the reminder.
      update member_requirements mr set reminders_sent = v.reminders_sent, next_reminder_on = v.next_on
      from v where mr.id = v.id and mr.organization_id = v.organization_id and mr.next_reminder_on = ${leaseDay}::date
      returning mr.id, mr.organization_id, mr.status, v.reminders_sent)
    insert into requirement_events (organization_id, member_requirement_id, action, from_status, to_status, data, created_at)
    select organization_id, id, 'reminded', status, status, jsonb_build_object('reminder', reminders_sent), ${at}
    from done`);
}
