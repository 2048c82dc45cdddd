import type { Deps, RequestContext } from '../../deps.ts';
import { ReviewOutcome, type ReviewResult } from '@touchline/contracts/reviews';
import { authorize } from '../../authz/rules.ts';
import { conflict } from '../../errors.ts';
import { recordChange } from '../../requirement-core/requirement-state.ts';
import type { RequirementRef } from '../../requirement-core/requirement-target.ts';
import { sourceOf } from './reviews.decision.ts';
import { mayReverseAt } from './reviews.policy.ts';
import { loadForReview, pendingReviewCount } from './reviews.service.ts';

/**
 * POST {id}/review/{plaId}/reverse-disqualification (ADR 025): a disqualification is the one decision a slip must
 * not make final. An administrator at the member's level (or above) returns the requirement to the Pending queue
 * with the member's submission intact, so a reviewer decides it again; the reason is required, and the change goes
 * through the requirement's write path (event `reverse-disqualification`, audit, overall status re-derived).
 * 403 for reviewers who are not administrators there, 404 beyond the caller's levels, 409 unless disqualified.
 */
export async function reverseDisqualification(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { reviewNotes: string },
): Promise<ReviewResult> {
  await deps.db.transaction(async (tx) => {
    const loaded = await loadForReview(tx, ctx, input, { lock: true });
    authorize(mayReverseAt(ctx, loaded.target.levelPath), 'Only administrators reverse a disqualification');
    if (loaded.requirement.reviewOutcome !== ReviewOutcome.RejectedDisqualified)
      throw conflict('This requirement is not disqualified');
    await recordChange(tx, loaded, {
      action: 'reverse-disqualification',
      facts: {
        pendingReview: true,
        reviewOutcome: ReviewOutcome.Pending,
        rejectedAt: null,
        reviewSource: sourceOf(loaded.requirement),
      },
      data: { reviewNotes: input.reviewNotes },
    });
  });
  return { reviewed: 1, pendingReviewCount: await pendingReviewCount(deps.db, ctx) };
}
