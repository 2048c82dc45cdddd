import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewResultSchema, type BulkReviewBody, type ReviewResult } from '@touchline/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import { reviewApi, reviewsKey } from './review-paths.ts';

/** POST bulk-review {requirements, review}: all or nothing; the error names the items that could not be reviewed. */
export async function bulkReview(body: BulkReviewBody): Promise<ReviewResult> {
  const answer = await api.post(`${reviewApi}/bulk-review`, body, { schema: reviewResultSchema });
  if (!answer) throw new Error('The bulk review answer was empty');
  return answer;
}

/** A bulk decision; afterwards the queue and the badge refresh. */
export function useBulkReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkReview,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey }),
        queryClient.invalidateQueries({ queryKey: activeProfileKey }),
      ]);
    },
  });
}
