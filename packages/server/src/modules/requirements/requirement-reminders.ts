import { z } from 'zod';
import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import { addDays } from '../../requirement-core/engine/calendar.ts';
import { afterReminder } from '../../requirement-core/engine/reminder-schedule.ts';
import {
  requirementDigestMail,
  type RequirementDigest,
} from '../../requirement-core/requirement-reminders.mail.ts';
import {
  digestRows,
  dueMembers,
  leaseDueRows,
  recordReminders,
} from '../../requirement-core/requirement-reminders.queries.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';

/** What the reminder sweep needs: the database, the queue mail goes through, the origin links point at, and a log. */
export type RequirementReminderDeps = Pick<JobDeps, 'db' | 'jobs' | 'appUrl' | 'log'>;

const membersPerBatch = 100;

type Leased = Awaited<ReturnType<typeof leaseDueRows>>[number];

function digestsOf(rows: Awaited<ReturnType<typeof digestRows>>): Map<string, RequirementDigest> {
  const digests = new Map<string, RequirementDigest>();
  for (const row of rows) {
    if (!row.email) continue;
    const digest = digests.get(row.profileId) ?? {
      email: row.email,
      firstName: row.firstName,
      organizationName: row.organizationName,
      items: [],
    };
    digest.items.push({ name: row.name, status: row.status as RequirementStatus, dueDate: row.dueDate });
    digests.set(row.profileId, digest);
  }
  return digests;
}

/**
 * One sweep of the requirement reminders (issue 5): members with an account and an Active membership whose open
 * mandatory requirements have a reminder due (days 2, 4, 6, 10, 17, then every 10 days, ten at most, restarted by
 * an expiry) get ONE digest listing all their open requirements. Batch by batch, one transaction leases the due rows,
 * queues the digests (durable mail, ADR 022) and records the reminders; delivery retries belong to mail.send.
 */
export async function sweepRequirementReminders(
  deps: RequirementReminderDeps,
  now: Date,
): Promise<{ sent: number }> {
  const today = now.toISOString().slice(0, 10);
  const leaseDay = addDays(today, 1);
  let sent = 0;
  for (;;) {
    const members = await dueMembers(deps.db, today, membersPerBatch);
    if (members.length === 0) break;
    const queued = await deps.db.transaction(async (tx) => {
      const leased = await leaseDueRows(
        tx,
        members.map((m) => m.profileId),
        today,
        leaseDay,
      );
      const byProfile = new Map<string, Leased[]>();
      for (const row of leased) byProfile.set(row.profileId, [...(byProfile.get(row.profileId) ?? []), row]);
      const digests = digestsOf(await digestRows(tx, [...byProfile.keys()]));
      const mails: OutgoingMail[] = [];
      const record: Parameters<typeof recordReminders>[1][number][] = [];
      for (const [profileId, rows] of byProfile) {
        const digest = digests.get(profileId);
        if (!digest) continue;
        mails.push(requirementDigestMail(deps.appUrl, digest));
        for (const row of rows)
          record.push({
            id: row.id,
            organizationId: row.organizationId,
            ...afterReminder(row.nextReminderOn ?? today, row.remindersSent, today),
          });
      }
      await queueMail(deps.jobs, tx, mails);
      await recordReminders(tx, record, leaseDay, now);
      return mails.length;
    });
    sent += queued;
    if (members.length < membersPerBatch) break;
  }
  return { sent };
}

/** The reminder sweep as a cron job: hourly; a member's rows are due at most once a day, so one digest a day. */
export const requirementRemindersJob = defineJob({
  name: 'requirement-reminders',
  payload: z.object({}),
  cron: '7 * * * *',
  retry: { limit: 0, delaySeconds: 60 },
  run: (deps: JobDeps) => sweepRequirementReminders(deps, new Date()),
});
