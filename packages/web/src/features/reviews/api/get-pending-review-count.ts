import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingReviewCountSchema } from '@touchline/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { reviewApi, reviewsKey } from './review-paths.ts';

/** GET pending-review-count/{orgId}: how many completions await the reviewer. */
export async function getPendingReviewCount(orgId: string): Promise<number> {
  const answer = await api.get(`${reviewApi}/pending-review-count/${encodeURIComponent(orgId)}`, {
    schema: pendingReviewCountSchema,
  });
  return answer?.count ?? 0;
}

/** Query options of the badge; refreshed by every decision (they invalidate the reviews key). */
export const pendingReviewCountQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: [...reviewsKey, 'count', orgId],
    queryFn: () => getPendingReviewCount(orgId),
    enabled: orgId !== '',
    staleTime: 30_000,
  });

/** The reviewer's badge count. */
export const usePendingReviewCount = (orgId: string) => useQuery(pendingReviewCountQueryOptions(orgId));
