import type { ReviewFilter } from '@touchline/contracts/reviews';

/** Where the reviewer's calls live (spec §7 "Requirements"). */
export const reviewApi = '/api/app/requirement';

/** Query key root of everything the review feature reads: every decision invalidates it. */
export const reviewsKey = ['reviews'] as const;

/** The list filters as query parameters (only those set). */
export function filterParams(filter: ReviewFilter): Record<string, string> {
  const params: Record<string, string> = { type: filter.type };
  if (filter.requirementType !== undefined) params.requirementType = String(filter.requirementType);
  if (filter.reviewSource !== undefined) params.reviewSource = filter.reviewSource;
  if (filter.levelId !== undefined) params.levelId = filter.levelId;
  return params;
}
