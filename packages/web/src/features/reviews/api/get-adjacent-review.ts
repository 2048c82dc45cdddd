import {
  adjacentReviewResponseSchema,
  type Direction,
  type ReviewFilter,
  type ReviewListItem,
} from '@touchline/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { filterParams, reviewApi } from './review-paths.ts';

/** GET adjacent-review-requirement?type&dir&currentId: the Next or Previous item of the filtered queue, or null. */
export async function getAdjacentReview(
  filter: ReviewFilter,
  currentId: string,
  dir: Direction,
): Promise<ReviewListItem | null> {
  const query = new URLSearchParams({ ...filterParams(filter), dir, currentId });
  const answer = await api.get(`${reviewApi}/adjacent-review-requirement?${query}`, {
    schema: adjacentReviewResponseSchema,
  });
  return answer?.item ?? null;
}
