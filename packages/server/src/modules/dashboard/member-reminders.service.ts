import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  reminderListLimit,
  type SendRemindersBody,
  type SendRemindersResult,
} from '@touchline/contracts/member-reminders';
import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  memberReminders,
  memberRequirements,
  organizations,
  profiles,
  requirementDefinitions,
  requirementEvents,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { invalid, notFound } from '../../errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import { requirementDigestMail } from '../../requirement-core/requirement-reminders.mail.ts';
import { remindedStatuses } from '../../requirement-core/requirement-reminders.queries.ts';
import { rowsOf } from './dashboard.queries.ts';
import { loadDashboardScope } from './dashboard.service.ts';
import {
  filteredProfilesStatement,
  selectedAccessesStatement,
  type DashboardScope,
} from './dashboard.sql.ts';

/** The members a reminder is about: the selected accesses' profiles, or the filtered list's (ADR 033). */
async function profilesOf(tx: Executor, scope: DashboardScope, body: SendRemindersBody): Promise<string[]> {
  if (body.profileLevelAccessIds) {
    const ids = [...new Set(body.profileLevelAccessIds)];
    const found = await rowsOf<{ id: string; profile_id: string }>(tx, selectedAccessesStatement(scope, ids));
    // A selected member not under this level (or of another organization) is not found, as anywhere else.
    if (found.length !== ids.length) throw notFound('Member');
    return [...new Set(found.map((r) => r.profile_id))];
  }
  const rows = await rowsOf<{ profile_id: string }>(
    tx,
    filteredProfilesStatement(scope, body.filter!, reminderListLimit + 1),
  );
  if (rows.length > reminderListLimit)
    throw invalid([
      {
        field: 'filter',
        in: 'body',
        message: `The list holds more than ${reminderListLimit} members: narrow it before sending reminders`,
      },
    ]);
  return rows.map((r) => r.profile_id);
}

/** Each member's open mandatory requirements (what a reminder lists), with the member's address and account. */
function openRequirementsOf(tx: Executor, organizationId: string, profileIds: readonly string[]) {
  return tx
    .select({
      id: memberRequirements.id,
      profileId: memberRequirements.profileId,
      status: memberRequirements.status,
      dueDate: memberRequirements.dueDate,
      name: requirementDefinitions.name,
    })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.organizationId, organizationId),
        isNull(requirementDefinitions.deletedAt),
        eq(requirementDefinitions.isOptional, false),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.active, true),
        inArray(memberRequirements.status, remindedStatuses),
        inArray(memberRequirements.profileId, [...profileIds]),
      ),
    )
    .orderBy(asc(requirementDefinitions.sortOrder), asc(requirementDefinitions.name));
}

/**
 * POST /api/app/hierarchy-level/{id}/members/send-reminders (ours, issue 18 item 8, ADR 033): staff who may see the
 * level's dashboard e-mail the selected members, or the whole filtered list, one message each listing what is still
 * missing — members with an account and something open, at most once per member per day (UTC). With `preview`, only
 * the counts. The messages go through the outbox in the same transaction as the reminder rows, the requirement
 * events (the member's history) and the audit events, so all of it commits together or not at all.
 */
export async function sendMemberReminders(
  deps: Deps,
  ctx: RequestContext,
  { levelId, ...body }: SendRemindersBody & { levelId: string },
): Promise<SendRemindersResult> {
  const audit = ctx;
  const now = deps.clock();
  const today = now.toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    const { level, scope } = await loadDashboardScope(tx, ctx, levelId);
    const profileIds = await profilesOf(tx, scope, body);
    const empty = { members: 0, toRemind: 0, nothingMissing: 0, remindedToday: 0, noAccount: 0, sent: 0 };
    if (profileIds.length === 0) return { preview: body.preview, ...empty };
    const [people, open, reminded, [organization]] = await Promise.all([
      tx
        .select({
          id: profiles.id,
          email: profiles.email,
          firstName: profiles.firstName,
          appUserId: profiles.appUserId,
        })
        .from(profiles)
        .where(and(eq(profiles.organizationId, scope.organizationId), inArray(profiles.id, profileIds))),
      openRequirementsOf(tx, scope.organizationId, profileIds),
      tx
        .select({ profileId: memberReminders.profileId })
        .from(memberReminders)
        .where(
          and(
            eq(memberReminders.organizationId, scope.organizationId),
            eq(memberReminders.remindedOn, today),
            inArray(memberReminders.profileId, profileIds),
          ),
        ),
      tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, scope.organizationId)),
    ]);
    const openBy = new Map<string, typeof open>();
    for (const row of open) openBy.set(row.profileId, [...(openBy.get(row.profileId) ?? []), row]);
    const remindedSet = new Set(reminded.map((r) => r.profileId));
    const counts = { ...empty, members: profileIds.length };
    const due: (typeof people)[number][] = [];
    for (const person of people) {
      if (!openBy.has(person.id)) counts.nothingMissing += 1;
      else if (!person.appUserId || !person.email) counts.noAccount += 1;
      else if (remindedSet.has(person.id)) counts.remindedToday += 1;
      else due.push(person);
    }
    counts.toRemind = due.length;
    if (body.preview || due.length === 0) return { preview: body.preview, ...counts };

    // The unique (organization, profile, day) index is the rate limit: a member another request reminded meanwhile
    // conflicts and is left out, so two clicks never send two e-mails.
    const taken = await tx
      .insert(memberReminders)
      .values(
        due.map((p) => ({
          organizationId: scope.organizationId,
          profileId: p.id,
          remindedOn: today,
          sentByUserId: audit.userId,
          sentByProfileId: audit.profileId ?? null,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: memberReminders.id, profileId: memberReminders.profileId });
    const byProfile = new Map(due.map((p) => [p.id, p]));
    const mails = taken.map((row) => {
      const person = byProfile.get(row.profileId)!;
      return requirementDigestMail(deps.appUrl, {
        email: person.email!,
        firstName: person.firstName,
        organizationName: organization?.name ?? '',
        items: openBy
          .get(row.profileId)!
          .map((i) => ({ name: i.name, status: i.status as RequirementStatus, dueDate: i.dueDate })),
      });
    });
    const mailIds = await queueMail(deps.jobs, tx, mails);
    if (taken.length > 0) {
      const pairs = sql.join(
        taken.map((row, i) => sql`(${row.id}::uuid, ${mailIds[i]!}::uuid)`),
        sql`, `,
      );
      await tx.execute(
        sql`update member_reminders r set mail_id = v.mail_id from (values ${pairs}) v(id, mail_id) where r.id = v.id`,
      );
      await tx.insert(requirementEvents).values(
        taken.flatMap((row) =>
          openBy.get(row.profileId)!.map((i) => ({
            organizationId: scope.organizationId,
            memberRequirementId: i.id,
            action: 'reminded',
            fromStatus: i.status,
            toStatus: i.status,
            actorUserId: audit.userId,
            data: { byStaff: true },
            createdAt: now,
          })),
        ),
      );
      await tx.insert(auditEvents).values(
        taken.map((row) => ({
          organizationId: scope.organizationId,
          actorUserId: audit.userId,
          actorProfileId: audit.profileId ?? null,
          action: 'member.reminded',
          entityType: 'profile',
          entityId: row.profileId,
          data: { levelId: level.id, requirements: openBy.get(row.profileId)!.length },
          requestId: audit.requestId ?? null,
        })),
      );
    }
    return {
      preview: false,
      ...counts,
      toRemind: taken.length,
      remindedToday: counts.remindedToday + (due.length - taken.length),
      sent: taken.length,
    };
  });
}
