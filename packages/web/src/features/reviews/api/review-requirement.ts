import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewResultSchema, type ReviewBody, type ReviewResult } from '@touchline/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import type { ReviewRef } from './get-review-detail.ts';
import { reviewApi, reviewsKey } from './review-paths.ts';

/** POST {id}/review/{plaId} {reviewDecision, reviewNotes, completedDateTime?}. */
export async function reviewRequirement(ref: ReviewRef, body: ReviewBody): Promise<ReviewResult> {
  const path = `${reviewApi}/${encodeURIComponent(ref.definitionId)}/review/${encodeURIComponent(ref.plaId)}`;
  const answer = await api.post(path, body, { schema: reviewResultSchema });
  if (!answer) throw new Error('The review answer was empty');
  return answer;
}

/** A decision; afterwards the queue, the page, the badge and the active profile's count refresh. */
export function useReviewRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ref: ReviewRef; body: ReviewBody }) => reviewRequirement(input.ref, input.body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey }),
        queryClient.invalidateQueries({ queryKey: activeProfileKey }),
      ]);
    },
  });
}
