import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adverseActionResultSchema } from '@touchline/contracts/background-checks';
import { api } from '../../../lib/api-client.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/**
 * POST {id}/background-check-dispute?plaId {message}: the member answers a pre-adverse notice, on a background check
 * or a sex offender search alike (ADR 015); the page it was written on (`pageKey`) is read again to show the thread.
 */
export function useAdverseActionDispute(ref: RequirementRef, pageKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api.post(
        requirementActionPath(ref, 'background-check-dispute'),
        { message },
        { schema: adverseActionResultSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageKey }),
  });
}
