import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema/index.ts';

export type { WebhookOutcome, WebhookProcessor, WebhookSource } from '../../deps.ts';
import type { WebhookHint } from './webhook-hint.ts';
export type { WebhookHint };
import { defineJob, type JobQueue } from '../../jobs/queue.ts';

/**
 * Stores a verified delivery and enqueues its processing in one transaction: a repeat of the same event id is
 * stored once and processed once (the unique index decides, inside the transaction), and a crash after the answer
 * loses nothing, since the job is committed with the event.
 */
export async function receiveWebhook(
  deps: { db: Database; jobs: JobQueue },
  provider: string,
  hint: WebhookHint,
  rawBody: Buffer,
): Promise<{ duplicate: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEvents)
      .values({
        provider,
        eventId: hint.eventId,
        objectType: hint.objectType,
        objectId: hint.objectId,
        rawBody: rawBody.toString('utf8'),
        occurredAt: hint.occurredAt,
      })
      .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
      .returning({ id: webhookEvents.id });
    if (!row) return { duplicate: true };
    await deps.jobs.enqueue(tx, processWebhookJob, { webhookEventId: row.id }, { key: row.id });
    return { duplicate: false };
  });
}

const retryLimit = 8;

/**
 * Processes one stored event from the queue: idempotent (a processed event is never processed again), retried
 * with backoff while the vendor or our database is down, and marked failed with its last error when retries run out.
 */
export const processWebhookJob = defineJob({
  name: 'webhooks.process',
  payload: z.object({ webhookEventId: z.uuid() }),
  retry: { limit: retryLimit, delaySeconds: 5, maxDelaySeconds: 600 },
  async run(deps, { webhookEventId }, ctx) {
    const [event] = await deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, webhookEventId));
    if (!event || event.state === 'processed' || event.state === 'ignored') return;
    const processor = deps.integrations.webhookProcessors[event.provider];
    try {
      if (!processor) throw new Error(`no processor for ${event.provider} webhooks`);
      const result = await processor(deps, {
        provider: event.provider,
        objectType: event.objectType,
        objectId: event.objectId,
        eventRowId: event.id,
      });
      await mark(deps.db, event.id, {
        state: result.outcome,
        organizationId: result.organizationId ?? null,
        processedAt: new Date(),
        lastError: null,
      });
    } catch (error) {
      await mark(deps.db, event.id, {
        state: ctx.attempt >= retryLimit ? 'failed' : 'received',
        lastError: error instanceof Error ? error.message.slice(0, 500) : 'processing failed',
      });
      throw error;
    }
  },
});

async function mark(
  db: Executor,
  id: string,
  change: Partial<typeof webhookEvents.$inferInsert>,
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ ...change, attempts: sql`${webhookEvents.attempts} + 1` })
    .where(eq(webhookEvents.id, id));
}
