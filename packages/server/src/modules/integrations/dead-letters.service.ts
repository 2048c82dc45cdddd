import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DeadLetter, DeadLetterActionResult } from '@touchline/contracts/platform-integrations';
import type { PaginationQuery } from '@touchline/contracts/pagination';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { assertPlatformAdmin, platformAuditActor, type PlatformContext } from './platform-admin.ts';
import { redactError, summarizePayload } from './redaction.ts';

/** What the dead-letter use cases need: the database (audit trail) and the queue holding the dead letters. */
export type DeadLetterDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'deadLetterPage' | 'retryDeadLetter' | 'discardDeadLetter'>;
};

const entityType = 'dead_letter';
const actions = { retried: 'job.dead_letter.retried', discarded: 'job.dead_letter.discarded' } as const;

/**
 * The jobs that used up their retries, newest first, for a platform administrator to decide on: payloads only as
 * summaries and errors with addresses and credentials masked, since both may carry personal data.
 */
export async function listDeadLetters(
  deps: DeadLetterDeps,
  ctx: PlatformContext,
  query: PaginationQuery & { job?: string },
): Promise<{ items: DeadLetter[]; totalCount: number }> {
  assertPlatformAdmin(ctx, 'see dead letters');
  const page = await deps.jobs.deadLetterPage({
    queue: query.job,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return {
    items: page.items.map((letter) => ({
      id: letter.id,
      job: letter.queue,
      sourceJobId: letter.sourceJobId,
      payload: summarizePayload(letter.data),
      error: redactError(letter.output),
      attempts: letter.attempts,
      firstQueuedAt: letter.firstQueuedAt?.toISOString() ?? null,
      deadAt: letter.deadAt.toISOString(),
    })),
    totalCount: page.totalCount,
  };
}

/**
 * Puts a dead letter back on its job's queue once, with fresh retries, and records who did it. A second click
 * (or a retry after a discard) changes nothing and answers what was done; an id never dead-lettered is 404.
 */
export function retryDeadLetter(
  deps: DeadLetterDeps,
  ctx: PlatformContext,
  { id }: { id: string },
): Promise<DeadLetterActionResult> {
  assertPlatformAdmin(ctx, 'retry dead letters');
  return act(deps, ctx, id, 'retried', (tx) => deps.jobs.retryDeadLetter(tx, id));
}

/** Drops a dead letter for good (the UI asks first), recorded in the audit trail; repeat clicks as for retry. */
export function discardDeadLetter(
  deps: DeadLetterDeps,
  ctx: PlatformContext,
  { id }: { id: string },
): Promise<DeadLetterActionResult> {
  assertPlatformAdmin(ctx, 'discard dead letters');
  return act(deps, ctx, id, 'discarded', (tx) => deps.jobs.discardDeadLetter(tx, id));
}

async function act(
  deps: DeadLetterDeps,
  ctx: PlatformContext,
  id: string,
  outcome: DeadLetterActionResult['outcome'],
  change: (tx: Executor) => Promise<string | null>,
): Promise<DeadLetterActionResult> {
  return deps.db.transaction(async (tx) => {
    const job = await change(tx);
    if (job) {
      await recordAuditEvent(tx, platformAuditActor(ctx), {
        organizationId: null,
        action: actions[outcome],
        entityType,
        entityId: id,
        data: { job },
      });
      return { id, outcome, changed: true };
    }
    // Gone from the dead letters: done before (this click repeats it, or raced it), or never one of ours.
    const [earlier] = await tx
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(
          isNull(auditEvents.organizationId),
          eq(auditEvents.entityType, entityType),
          eq(auditEvents.entityId, id),
          inArray(auditEvents.action, Object.values(actions)),
        ),
      )
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    if (!earlier) throw notFound('Dead letter');
    return { id, outcome: earlier.action === actions.retried ? 'retried' : 'discarded', changed: false };
  });
}
