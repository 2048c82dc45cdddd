import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adverseActionResultSchema,
  backgroundCheckReportSchema,
  type DisputeReplyBody,
} from '@touchline/contracts/background-checks';
import { api } from '../../../lib/api-client.ts';
import { reviewApi, reviewsKey } from './review-paths.ts';

type Ref = { definitionId: string; plaId: string };
const path = (ref: Ref, call: string) =>
  `${reviewApi}/${encodeURIComponent(ref.definitionId)}/${call}/${encodeURIComponent(ref.plaId)}`;
const key = (ref: Ref) => [...reviewsKey, 'background-check-report', ref.definitionId, ref.plaId];

/** GET {id}/background-check-report/{plaId}: the vendor's result, the report link and the dispute thread. */
export const useBackgroundCheckReport = (ref: Ref, enabled: boolean) =>
  useQuery({
    queryKey: key(ref),
    queryFn: async () => {
      const report = await api.get(path(ref, 'background-check-report'), {
        schema: backgroundCheckReportSchema,
      });
      if (!report) throw new Error('The report answer was empty');
      return report;
    },
    enabled,
    retry: false,
  });

/** POST {id}/background-check-dispute-reply/{plaId}. */
export function useReplyToDispute(ref: Ref) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeReplyBody) =>
      api.post(path(ref, 'background-check-dispute-reply'), body, { schema: adverseActionResultSchema }),
    // The thread shows in the background check's report and in a registry match's comparison alike.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
