import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adverseActionResultSchema } from '@touchline/contracts/background-checks';
import { sexOffenderMatchSchema } from '@touchline/contracts/sex-offender-search';
import { api } from '../../../lib/api-client.ts';
import type { ReviewRef } from './get-review-detail.ts';
import { reviewApi, reviewsKey } from './review-paths.ts';

const path = (ref: ReviewRef, call: string) =>
  `${reviewApi}/${encodeURIComponent(ref.definitionId)}/${call}/${encodeURIComponent(ref.plaId)}`;

/** GET {id}/sex-offender-search-match/{plaId}: the member beside the registry records the search found. */
export const useSexOffenderMatch = (ref: ReviewRef) =>
  useQuery({
    queryKey: [...reviewsKey, 'sex-offender-match', ref.definitionId, ref.plaId],
    queryFn: async () => {
      const match = await api.get(path(ref, 'sex-offender-search-match'), { schema: sexOffenderMatchSchema });
      if (!match) throw new Error('The registry match answer was empty');
      return match;
    },
  });

/** POST {id}/background-check-adverse-action/{plaId} {reason}: a confirmed match starts the FCRA notices. */
export function useStartAdverseAction(ref: ReviewRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) => {
      const result = await api.post(
        path(ref, 'background-check-adverse-action'),
        { reason },
        {
          schema: adverseActionResultSchema,
        },
      );
      if (!result) throw new Error('The adverse-action answer was empty');
      return result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
