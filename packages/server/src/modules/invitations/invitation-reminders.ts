import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/outbox.ts';
import { afterStep } from './invitation-schedule.ts';
import { invitationMail, newInvitationToken, type InvitationMailInput } from './invitations.mail.ts';
import { dueInvitationsForUpdate } from './invitations.queries.ts';

/** What the sweep needs: the database, the queue mail goes through, the origin links point at, and a log. */
export type ReminderDeps = Pick<JobDeps, 'db' | 'jobs' | 'appUrl' | 'log'>;

const batchSize = 100;

type Claimed = { mail: InvitationMailInput; createdAt: Date; organizationId: string };

/**
 * Claims up to `limit` due invitations in the caller's transaction: due, not accepted or revoked, the member's access
 * live and Active. FOR UPDATE SKIP LOCKED lets several servers sweep at once without taking the same row; each
 * claimed row gets a new link token (only its hash is stored).
 */
async function claimDue(tx: Transaction, now: Date, limit: number): Promise<Claimed[]> {
  const due = await dueInvitationsForUpdate(tx, now, limit);
  if (due.length === 0) return [];
  const claimed = due.map((row) => ({ row, ...newInvitationToken() }));
  const values = sql.join(
    claimed.map((c) => sql`(${c.row.id}::uuid, ${c.tokenHash})`),
    sql`, `,
  );
  await tx.execute(sql`
      update invitations as i
      set token_hash = v.token_hash, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, token_hash)
      where i.id = v.id`);
  return claimed.map(({ row: { id, organizationId, createdAt, remindersSent, ...mail }, token }) => ({
    createdAt,
    organizationId,
    mail: { ...mail, invitationId: id, token, step: remindersSent },
  }));
}

/**
 * Moves the schedule of the claimed invitations, in the claim's transaction: the next step, or none after day 10,
 * plus an audit event per e-mail queued.
 */
async function recordSent(tx: Transaction, sent: readonly Claimed[], now: Date) {
  if (sent.length === 0) return;
  const values = sql.join(
    sent.map(({ mail, createdAt }) => {
      const next = afterStep(createdAt, mail.step, now);
      return sql`(${mail.invitationId}::uuid, ${next.remindersSent}::int, ${next.nextReminderAt?.toISOString() ?? null}::timestamptz)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
      update invitations as i
      set reminders_sent = v.reminders_sent, next_reminder_at = v.next_at,
          last_sent_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, reminders_sent, next_at)
      where i.id = v.id`);
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
}

/**
 * One sweep of the activation reminders (days 0, 2, 4, 7 and 10 after the invitation, until accepted): batch by
 * batch, one transaction claims the due rows, queues their e-mails (durable mail, ADR 022) and moves their schedule,
 * until nothing is due at `now`. Delivery and its retries belong to the mail.send job.
 */
export async function sweepInvitationReminders(deps: ReminderDeps, now: Date): Promise<{ sent: number }> {
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await claimDue(tx, now, batchSize);
      await queueMail(
        deps.jobs,
        tx,
        rows.map((c) => invitationMail(deps.appUrl, c.mail)),
      );
      await recordSent(tx, rows, now);
      return rows.length;
    });
    sent += claimed;
    if (claimed < batchSize) break;
  }
  return { sent };
}

/** The reminder sweep as a cron job: every minute, one run at a time across all instances. */
export const invitationRemindersJob = defineJob({
  name: 'invitation-reminders',
  payload: z.object({}),
  cron: '* * * * *',
  retry: { limit: 0, delaySeconds: 60 },
  run: (deps: JobDeps) => sweepInvitationReminders(deps, new Date()),
});
