import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor } from '../../db/client.ts';

/**
 * The number of completed requirements waiting for the actor's review, shown as the active profile's badge
 * (spec §3 pendingReviewCount) to reviewers only (ADR 007). Requirements and reviews do not exist yet, so nothing
 * can be pending: the review issue fills this in with the real count, scoped to the levels the actor reviews.
 */
export async function pendingReviewCount(_db: Executor, _ctx: ActorContext): Promise<number> {
  return 0;
}
