import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { ActiveStatus } from '@touchline/contracts/members';
import { recordAuditEvent } from '../db/audit.ts';
import type { Database } from '../db/client.ts';
import {
  hierarchyLevels,
  invitations,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { afterStep } from '../modules/invitations/invitation-schedule.ts';
import {
  newInvitationToken,
  sendInvitationMails,
  type InvitationMailInput,
} from '../modules/invitations/invitations.mail.ts';
import type { IntervalJob } from './scheduler.ts';

/** What the sweep needs: the database, where mail goes, the origin links point at, and a log. */
export type ReminderDeps = { db: Database; mailer: Mailer; appUrl: string; log: FastifyBaseLogger };

/** How long a claimed invitation stays out of other sweeps while its e-mail is sent; then it is due again. */
export const reminderLeaseMs = 10 * 60_000;
const batchSize = 100;

type Claimed = { mail: InvitationMailInput; createdAt: Date; organizationId: string };

/**
 * Claims up to `limit` due invitations in one short transaction: due, not accepted or revoked, the member's access
 * live and Active. FOR UPDATE SKIP LOCKED lets several servers sweep at once without taking the same row; the claim
 * gives each a new link token and moves next_reminder_at a lease ahead, so no other sweep takes it while mailing.
 */
async function claimDue(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: invitations.id,
        organizationId: invitations.organizationId,
        email: invitations.email,
        remindersSent: invitations.remindersSent,
        createdAt: invitations.createdAt,
        firstName: profiles.firstName,
        organizationName: organizations.name,
        levelName: hierarchyLevels.name,
        roleLabel: labels.name,
      })
      .from(invitations)
      .innerJoin(
        organizations,
        and(eq(organizations.id, invitations.organizationId), isNull(organizations.deletedAt)),
      )
      .innerJoin(
        profileLevelAccesses,
        and(
          eq(profileLevelAccesses.id, invitations.profileLevelAccessId),
          eq(profileLevelAccesses.organizationId, invitations.organizationId),
          isNull(profileLevelAccesses.deletedAt),
          eq(profileLevelAccesses.groupMembershipStatus, ActiveStatus.Active),
        ),
      )
      .innerJoin(profiles, and(eq(profiles.id, invitations.profileId), isNull(profiles.deletedAt)))
      .innerJoin(
        hierarchyLevels,
        and(eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId), isNull(hierarchyLevels.deletedAt)),
      )
      .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
      .where(
        and(
          lte(invitations.nextReminderAt, now),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .orderBy(asc(invitations.nextReminderAt))
      .limit(limit)
      .for('update', { of: invitations, skipLocked: true });
    if (due.length === 0) return [];
    const leasedUntil = new Date(now.getTime() + reminderLeaseMs).toISOString();
    const claimed = due.map((row) => ({ row, ...newInvitationToken() }));
    const values = sql.join(
      claimed.map((c) => sql`(${c.row.id}::uuid, ${c.tokenHash})`),
      sql`, `,
    );
    await tx.execute(sql`
      update invitations as i
      set token_hash = v.token_hash, next_reminder_at = ${leasedUntil}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, token_hash)
      where i.id = v.id`);
    return claimed.map(({ row: { id, organizationId, createdAt, remindersSent, ...mail }, token }) => ({
      createdAt,
      organizationId,
      mail: { ...mail, invitationId: id, token, step: remindersSent },
    }));
  });
}

/**
 * Moves the schedule of the invitations whose e-mail went out: the next step, or none after day 10. Only rows still
 * under this sweep's lease and still open are touched, so an acceptance meanwhile is never undone.
 */
async function recordSent(db: Database, sent: readonly Claimed[], now: Date) {
  if (sent.length === 0) return;
  const leasedUntil = new Date(now.getTime() + reminderLeaseMs).toISOString();
  const values = sql.join(
    sent.map(({ mail, createdAt }) => {
      const next = afterStep(createdAt, mail.step, now);
      return sql`(${mail.invitationId}::uuid, ${next.remindersSent}::int, ${next.nextReminderAt?.toISOString() ?? null}::timestamptz)`;
    }),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update invitations as i
      set reminders_sent = v.reminders_sent, next_reminder_at = v.next_at,
          last_sent_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, reminders_sent, next_at)
      where i.id = v.id and i.next_reminder_at = ${leasedUntil}::timestamptz
        and i.accepted_at is null and i.revoked_at is null`);
    for (const { mail, organizationId } of sent) {
      await recordAuditEvent(
        tx,
        { userId: null },
        {
          organizationId,
          action: mail.step === 0 ? 'invitation.sent' : 'invitation.reminded',
          entityType: 'invitation',
          entityId: mail.invitationId,
          data: { step: mail.step },
        },
      );
    }
  });
}

/**
 * One sweep of the activation reminders (days 0, 2, 4, 7 and 10 after the invitation, until accepted): claim a batch,
 * e-mail it, record it, until nothing is due at `now`. An e-mail whose send fails stays leased and is retried when the
 * lease ends; a crash between a send and its record sends that one e-mail once more (at-least-once, ADR 011).
 */
export async function sweepInvitationReminders(
  deps: ReminderDeps,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claimDue(deps.db, now, batchSize);
    if (claimed.length === 0) break;
    const result = await sendInvitationMails(
      deps.mailer,
      deps.appUrl,
      claimed.map((c) => c.mail),
      deps.log,
    );
    const ok = new Set(result.sent);
    await recordSent(
      deps.db,
      claimed.filter((c) => ok.has(c.mail.invitationId)),
      now,
    );
    sent += result.sent.length;
    failed += result.failed.length;
    if (claimed.length < batchSize) break;
  }
  return { sent, failed };
}

/** The reminder sweep as a scheduler job: every minute, on the app's database and mailer. */
export function invitationRemindersJob(app: FastifyInstance): IntervalJob {
  const deps = { db: app.database.db, mailer: app.mailer, appUrl: app.appUrl, log: app.log };
  return {
    name: 'invitation-reminders',
    intervalMs: 60_000,
    run: (now) => sweepInvitationReminders(deps, now),
  };
}
