import type {
  ReviewDecisionView,
  ReviewListItem,
  ReviewOutcome,
  ReviewSource,
} from '@touchline/contracts/reviews';
import type { ReviewRow } from './reviews.queries.ts';

/** A driver's timestamp (Date or text) as ISO 8601, or null. */
export function isoOf(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The decision part of a Historical row, or null on a Pending one. */
function presentDecision(row: ReviewRow): ReviewDecisionView | null {
  if (!row.decisionId) return null;
  return {
    id: row.decisionId,
    outcome: row.outcome as ReviewOutcome,
    notes: row.notes ?? '',
    reviewerName: row.reviewerName ?? 'A reviewer',
    reviewedAt: isoOf(row.reviewedAt) ?? new Date(0).toISOString(),
    reviewSource: (row.decisionSource ?? row.reviewSource) as ReviewSource,
    completedAt: isoOf(row.decisionCompletedAt),
  };
}

/** One row of the review list as the API shows it. */
export function presentReviewItem(row: ReviewRow): ReviewListItem {
  return {
    key: row.key,
    memberRequirementId: row.memberRequirementId,
    definitionId: row.definitionId,
    plaId: row.plaId,
    memberName: row.memberName,
    requirementName: row.requirementName,
    requirementType: Number(row.requirementType),
    reviewSource: row.reviewSource as ReviewSource,
    levelId: row.levelId,
    levelName: row.levelName,
    completedAt: isoOf(row.completedAt),
    decision: presentDecision(row),
  };
}

/** The past decisions of one requirement, for the review page's history. */
export function presentDecisions(rows: readonly ReviewRow[]): ReviewDecisionView[] {
  return rows.flatMap((row) => {
    const decision = presentDecision(row);
    return decision ? [decision] : [];
  });
}
