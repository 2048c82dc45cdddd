import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ReviewListTab,
  reviewListResponseSchema,
  type ReviewFilter,
  type ReviewListResponse,
} from '@touchline/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { filterParams, reviewApi, reviewsKey } from './review-paths.ts';

/** One page of the list: the filters and the page. */
export type ReviewListParams = ReviewFilter & { page: number; perPage: number };

/** GET review-requirements/{orgId}?type&page&perPage (+ requirementType, reviewSource, levelId). */
export async function getReviewRequirements(orgId: string, p: ReviewListParams): Promise<ReviewListResponse> {
  const { page, perPage, ...filter } = p;
  const query = new URLSearchParams({
    ...filterParams(filter),
    page: String(page),
    perPage: String(perPage),
  });
  const answer = await api.get(`${reviewApi}/review-requirements/${encodeURIComponent(orgId)}?${query}`, {
    schema: reviewListResponseSchema,
  });
  return answer ?? { items: [], totalCount: 0 };
}

/** Query options of one page of a tab. */
export const reviewRequirementsQueryOptions = (orgId: string, p: ReviewListParams) =>
  queryOptions({
    queryKey: [...reviewsKey, 'list', orgId, p],
    queryFn: () => getReviewRequirements(orgId, p),
    enabled: orgId !== '',
    placeholderData: keepPreviousData,
  });

/** One page of the review list. */
export const useReviewRequirements = (orgId: string, p: ReviewListParams) =>
  useQuery(reviewRequirementsQueryOptions(orgId, p));

/**
 * How many items the Pending tab holds under the current filters, read while another tab is shown (the Pending
 * list itself gives it on its own tab). Page one at the list's page size shares the Pending list's cache entry.
 */
export const usePendingTotal = (orgId: string, filter: ReviewFilter, perPage: number, enabled: boolean) =>
  useQuery({
    ...reviewRequirementsQueryOptions(orgId, { ...filter, type: ReviewListTab.Pending, page: 1, perPage }),
    enabled: enabled && orgId !== '',
    // A count from other filters would be wrong, so the label waits for this one rather than show the last.
    placeholderData: undefined,
    select: (answer) => answer.totalCount,
  });
