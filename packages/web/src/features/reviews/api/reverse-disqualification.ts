import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reviewResultSchema,
  type ReverseDisqualificationBody,
  type ReviewResult,
} from '@touchline/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import type { ReviewRef } from './get-review-detail.ts';
import { reviewApi, reviewsKey } from './review-paths.ts';

/** POST {id}/review/{plaId}/reverse-disqualification {reviewNotes} (ADR 025). */
export async function reverseDisqualification(
  ref: ReviewRef,
  body: ReverseDisqualificationBody,
): Promise<ReviewResult> {
  const path = `${reviewApi}/${encodeURIComponent(ref.definitionId)}/review/${encodeURIComponent(ref.plaId)}/reverse-disqualification`;
  const answer = await api.post(path, body, { schema: reviewResultSchema });
  if (!answer) throw new Error('The reversal answer was empty');
  return answer;
}

/** An administrator's reversal; the queue (the item is pending again), the page and the badge refresh. */
export function useReverseDisqualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ref: ReviewRef; body: ReverseDisqualificationBody }) =>
      reverseDisqualification(input.ref, input.body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey }),
        queryClient.invalidateQueries({ queryKey: activeProfileKey }),
      ]);
    },
  });
}
