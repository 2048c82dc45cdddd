import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewDetailSchema, type ReviewDetail } from '@touchline/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { reviewApi, reviewsKey } from './review-paths.ts';

/** Which requirement the review page shows: the definition and the member's access. */
export type ReviewRef = { definitionId: string; plaId: string };

/** GET {id}/review?plaId: the member, the requirement, files, answers and history. */
export async function getReviewDetail(ref: ReviewRef): Promise<ReviewDetail> {
  const answer = await api.get(
    `${reviewApi}/${encodeURIComponent(ref.definitionId)}/review?plaId=${encodeURIComponent(ref.plaId)}`,
    { schema: reviewDetailSchema },
  );
  if (!answer) throw new Error('The review answer was empty');
  return answer;
}

/** The review page of one requirement. */
export const useReviewDetail = (ref: ReviewRef | null) =>
  useQuery(
    queryOptions({
      queryKey: [...reviewsKey, 'detail', ref?.definitionId, ref?.plaId],
      queryFn: () => getReviewDetail(ref ?? { definitionId: '', plaId: '' }),
      enabled: ref !== null,
    }),
  );
