import { requirementTypeByNo } from '@touchline/contracts/requirement-types';
import {
  ReviewOutcome,
  ReviewSource,
  reviewSourceLabels,
  type ReviewListItem,
} from '@touchline/contracts/reviews';

/** How an outcome reads in the history and the Historical tab. */
export function outcomeLabel(outcome: number): string {
  if (outcome === ReviewOutcome.Approved) return 'Approved';
  if (outcome === ReviewOutcome.RejectedReset) return 'Reset';
  if (outcome === ReviewOutcome.RejectedDisqualified) return 'Disqualified';
  return 'Pending';
}

/** The spec's label of a review source. */
export const sourceLabel = (source: ReviewSource) => reviewSourceLabels[source];

/** The spec's label of a requirement type number. */
export const typeLabel = (type: number) => requirementTypeByNo(type)?.label ?? 'Requirement';

/** The Pending tab's label: its count once known, none while loading (never a placeholder that can stick). */
export const pendingTabLabel = (count: number | undefined) =>
  count === undefined ? 'Pending' : `Pending (${count})`;

/** Whether an item may join a bulk decision: a possible registry match is compared and decided on its own. */
export const bulkDecidable = (item: Pick<ReviewListItem, 'reviewSource'>) =>
  item.reviewSource !== ReviewSource.SexOffenderSearch;
