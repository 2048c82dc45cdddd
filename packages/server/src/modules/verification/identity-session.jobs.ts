import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { VerificationStatus } from '@touchline/contracts/verification';
import { verifications } from '../../db/schema/index.ts';
import type { JobDeps, WebhookProcessor } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { syncIdentitySession } from './identity-session-sync.ts';
import { verificationConfig, type VerificationConfig } from './verification.config.ts';

/** Stripe Identity's object in `identity.verification_session.*` events (docs.stripe.com/api/events/types). */
export const identitySessionObject = 'identity.verification_session';

/**
 * The identity events from the webhook inbox (stored once, processed from the queue): each re-reads the session
 * it names and applies it; the event's own data is never trusted, so a repeated or late event changes nothing.
 */
export const processIdentityWebhook: WebhookProcessor = async (deps, event) =>
  event.objectType === identitySessionObject
    ? syncIdentitySession(deps, verificationConfig(), { correlationId: event.eventRowId }, event.objectId)
    : { outcome: 'ignored' };

/** Re-reads one open session (enqueued by the sweep, keyed so one sweep window queues it once). */
export const identitySessionSyncJob = defineJob({
  name: 'verification.identity-session-sync',
  payload: z.object({ sessionId: z.string().min(1).max(255) }),
  retry: { limit: 5, delaySeconds: 30, maxDelaySeconds: 1800 },
  async run(deps, { sessionId }, ctx) {
    const { applied } = await syncIdentitySession(
      deps,
      verificationConfig(),
      { correlationId: ctx.jobId },
      sessionId,
    );
    return { applied: applied ?? 'not ours' };
  },
});

/** Sessions opened longer ago than this are abandoned by the member and no longer re-read. */
const sweepHorizonDays = 30;
const sweepBatch = 500;

/**
 * Finds the identity attempts still waiting on the vendor whose session was not read for
 * `identitySweepAfterMinutes` (no webhook came, or it was lost) and queues a re-read of each, keyed by the session
 * and the sweep window so an overlapping run queues nothing twice. Returns how many were queued.
 */
export async function sweepOpenIdentitySessions(
  deps: Pick<JobDeps, 'db' | 'jobs' | 'integrations'>,
  config: VerificationConfig,
  now = new Date(),
): Promise<number> {
  if (!deps.integrations.identity) return 0;
  const windowMs = config.identitySweepAfterMinutes * 60_000;
  const open = await deps.db
    .select({ sessionId: verifications.vendorSessionId })
    .from(verifications)
    .where(
      and(
        eq(verifications.requirementType, RequirementType.IdentityVerification),
        eq(verifications.status, VerificationStatus.PendingVerification),
        isNull(verifications.supersededAt),
        isNotNull(verifications.vendorSessionId),
        lt(verifications.updatedAt, new Date(now.getTime() - windowMs)),
        gt(verifications.createdAt, new Date(now.getTime() - sweepHorizonDays * 86_400_000)),
      ),
    )
    .orderBy(asc(verifications.updatedAt))
    .limit(sweepBatch);
  const window = Math.floor(now.getTime() / windowMs);
  let queued = 0;
  for (const row of open) {
    if (!row.sessionId) continue;
    const id = await deps.jobs.enqueue(
      deps.db,
      identitySessionSyncJob,
      { sessionId: row.sessionId },
      { key: `${row.sessionId}-${window}` },
    );
    if (id) queued += 1;
  }
  return queued;
}

/** The sweep as a cron job, every ten minutes. */
export const identitySessionSweepJob = defineJob({
  name: 'verification.identity-session-sweep',
  payload: z.unknown(),
  cron: '*/10 * * * *',
  async run(deps) {
    return { queued: await sweepOpenIdentitySessions(deps, verificationConfig()) };
  },
});
