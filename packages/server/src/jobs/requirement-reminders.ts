import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { addDays } from '../modules/requirements/engine/calendar.ts';
import { afterReminder } from '../modules/requirements/engine/reminder-schedule.ts';
import { requirementDigestMail, type RequirementDigest } from './requirement-reminders.mail.ts';
import { digestRows, dueMembers, leaseDueRows, recordReminders } from './requirement-reminders.queries.ts';
import type { IntervalJob } from './scheduler.ts';

/** What the reminder sweep needs: the database, where mail goes, the origin links point at, and a log. */
export type RequirementReminderDeps = {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
};

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
 * an expiry) get ONE digest listing all their open requirements. Claim (lease until tomorrow) → send outside any
 * transaction → record, as ADR 011: a failed send is retried the next day; a crash may resend one digest.
 */
export async function sweepRequirementReminders(
  deps: RequirementReminderDeps,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  const today = now.toISOString().slice(0, 10);
  const leaseDay = addDays(today, 1);
  const totals = { sent: 0, failed: 0 };
  for (;;) {
    const members = await dueMembers(deps.db, today, membersPerBatch);
    if (members.length === 0) break;
    const ids = members.map((m) => m.profileId);
    const leased = await deps.db.transaction((tx) => leaseDueRows(tx, ids, today, leaseDay));
    if (leased.length === 0) break;
    const byProfile = new Map<string, Leased[]>();
    for (const row of leased) byProfile.set(row.profileId, [...(byProfile.get(row.profileId) ?? []), row]);
    const digests = digestsOf(await digestRows(deps.db, [...byProfile.keys()]));
    const record: Parameters<typeof recordReminders>[1][number][] = [];
    for (const [profileId, rows] of byProfile) {
      const digest = digests.get(profileId);
      if (!digest) continue;
      try {
        await deps.mailer.send(requirementDigestMail(deps.appUrl, digest));
        totals.sent += 1;
        for (const row of rows)
          record.push({
            id: row.id,
            organizationId: row.organizationId,
            ...afterReminder(row.nextReminderOn ?? today, row.remindersSent, today),
          });
      } catch (err) {
        totals.failed += 1;
        deps.log.error({ err, profileId }, 'a requirement reminder could not be sent');
      }
    }
    await recordReminders(deps.db, record, leaseDay, now);
    if (members.length < membersPerBatch) break;
  }
  return totals;
}

/** The reminder sweep as a scheduler job: hourly; a member's rows are due at most once a day, so one digest a day. */
export function requirementRemindersJob(app: FastifyInstance): IntervalJob {
  const deps = { db: app.database.db, mailer: app.mailer, appUrl: app.appUrl, log: app.log };
  return {
    name: 'requirement-reminders',
    intervalMs: 60 * 60_000,
    run: (now) => sweepRequirementReminders(deps, now),
  };
}
