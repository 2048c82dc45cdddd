import { RequirementType } from '@touchline/contracts/requirement-types';
import type { RequirementTransition } from '@touchline/contracts/requirement-transitions';
import { ReviewOutcome, ReviewSource } from '@touchline/contracts/reviews';
import { expiresAtFor, type ValidityRule } from '../../requirement-core/engine/requirement-status.ts';
import type { MemberRequirementRow } from '../../requirement-core/requirement-target.ts';

/** A decision's outcome (every ReviewOutcome but Pending). */
export type Decision = Exclude<ReviewOutcome, typeof ReviewOutcome.Pending>;

/** The ADR 012 transition each outcome makes. */
export const transitionOf: Record<Decision, RequirementTransition> = {
  [ReviewOutcome.Approved]: 'reviewApprove',
  [ReviewOutcome.RejectedReset]: 'reviewReset',
  [ReviewOutcome.RejectedDisqualified]: 'reviewDisqualify',
};

/** The facts a decision writes (ADR 012 "Resulting facts"). */
export type DecisionFacts = Pick<
  MemberRequirementRow,
  'pendingReview' | 'reviewOutcome' | 'completedAt' | 'expiresAt' | 'rejectedAt'
>;

/**
 * ADR 012's resulting facts of a decision on one row: Approve keeps the completion (at the corrected time when the
 * reviewer gave one, its validity recomputed); Reset clears it and marks the rejection; Disqualify keeps it and
 * marks the rejection (the member's overall status follows from the outcome).
 */
export function decisionFacts(
  row: Pick<MemberRequirementRow, 'completedAt' | 'expiresAt'>,
  definition: ValidityRule,
  decision: Decision,
  at: { now: Date; completedAt?: Date },
): DecisionFacts {
  const base = { pendingReview: false, reviewOutcome: decision, rejectedAt: null };
  if (decision === ReviewOutcome.RejectedReset)
    return { ...base, rejectedAt: at.now, completedAt: null, expiresAt: null };
  const completed = at.completedAt ?? row.completedAt;
  const expiresAt =
    at.completedAt === undefined || !completed
      ? row.expiresAt
      : expiresAtFor(definition, completed.toISOString().slice(0, 10));
  const facts = { ...base, completedAt: completed, expiresAt };
  return decision === ReviewOutcome.RejectedDisqualified ? { ...facts, rejectedAt: at.now } : facts;
}

/** Why a row was in review; rows written before the column existed were member uploads. */
export function sourceOf(row: Pick<MemberRequirementRow, 'reviewSource'>): ReviewSource {
  const known = Object.values(ReviewSource) as string[];
  return row.reviewSource && known.includes(row.reviewSource)
    ? (row.reviewSource as ReviewSource)
    : ReviewSource.ManualUpload;
}

/** Whether a type can be reviewed at all (a waiver is signed, never reviewed). */
export function reviewable(type: number): boolean {
  return type !== RequirementType.Waiver;
}
