import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { JobDeps } from '../jobs/job-deps.ts';
import { defineJob, type JobQueue } from '../jobs/queue.ts';
import type { MailTransport, OutgoingMail } from './mailer.ts';

/**
 * Delivers one stored message (the handler of mail.send): nothing when it was delivered already (a retry after a
 * crash between delivery and the job's completion), else the transport, then delivered_at. A failed attempt is
 * counted with its error and thrown, so the queue retries it with backoff and finally dead-letters it.
 */
export async function deliverStoredMail(
  deps: { db: Database; transport: MailTransport },
  mailId: string,
): Promise<'delivered' | 'already-delivered' | 'missing'> {
  const [mail] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
  if (!mail) return 'missing';
  if (mail.deliveredAt) return 'already-delivered';
  try {
    await deps.transport.deliver(mail);
  } catch (err) {
    await deps.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: String(err).slice(0, 500) })
      .where(eq(mailOutbox.id, mailId));
    throw err;
  }
  await deps.db
    .update(mailOutbox)
    .set({ deliveredAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(and(eq(mailOutbox.id, mailId), isNull(mailOutbox.deliveredAt)));
  return 'delivered';
}

/** mail.send: one message by its outbox id; retried with backoff for about a day before it is dead-lettered. */
export const mailSendJob = defineJob({
  name: 'mail.send',
  payload: z.object({ mailId: z.uuid() }),
  retry: { limit: 12, delaySeconds: 15, maxDelaySeconds: 3 * 3600 },
  // A send is bounded by the SMTP timeouts; a run this long is a killed worker, so it is taken again.
  expireInSeconds: 300,
  run: (deps: JobDeps, { mailId }) => deliverStoredMail(deps, mailId),
});

/**
 * Queues messages in the caller's transaction (the transactional outbox, ADR 022): each becomes an outbox row and a
 * mail.send job keyed by that row's id, so it is delivered after commit, and never if the transaction rolls back.
 */
export async function queueMail(
  jobs: JobQueue,
  tx: Pick<Executor, 'insert' | 'execute'>,
  mails: readonly OutgoingMail[],
): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html })))
    .returning({ id: mailOutbox.id });
  for (const { id } of rows) await jobs.enqueue(tx, mailSendJob, { mailId: id }, { key: id });
  return rows.map((r) => r.id);
}
