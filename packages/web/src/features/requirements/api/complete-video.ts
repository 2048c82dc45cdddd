import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  videoProgressResultSchema,
  type VideoProgressBody,
  type VideoProgressResult,
} from '@touchline/contracts/requirement-completion';
import type { MyRequirementsResponse } from '@touchline/contracts/member-requirements';
import { api } from '../../../lib/api-client.ts';
import { applyActionResult } from './apply-action-result.ts';
import { myRequirementsKey } from './get-my-requirements.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/** POST {id}/complete-video?plaId: the stretches played since the last report; the server merges and decides. */
export async function reportVideoProgress(
  ref: RequirementRef,
  body: VideoProgressBody,
): Promise<VideoProgressResult> {
  const result = await api.post(requirementActionPath(ref, 'complete-video'), body, {
    schema: videoProgressResultSchema,
  });
  if (!result) throw new Error('The video answer was empty');
  return result;
}

/** Reports played stretches; a report that changes the status refreshes the lists. */
export function useReportVideoProgress(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoProgressBody) => reportVideoProgress(ref, body),
    onSuccess: async (result) => {
      const cached = queryClient
        .getQueryData<MyRequirementsResponse>(myRequirementsKey)
        ?.items.find((item) => item.definitionId === result.definitionId);
      // Most reports change nothing but the share; only a status change needs the lists refetched.
      if (cached?.status !== result.status) await applyActionResult(queryClient, result);
    },
  });
}
