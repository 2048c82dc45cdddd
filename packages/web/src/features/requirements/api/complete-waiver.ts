import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requirementActionResultSchema,
  type CompleteWaiverBody,
  type RequirementActionResult,
} from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { applyActionResult } from './apply-action-result.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/** POST {id}/complete-waiver?plaId: the typed-name signature and the agreement. */
export async function completeWaiver(
  ref: RequirementRef,
  body: CompleteWaiverBody,
): Promise<RequirementActionResult> {
  const result = await api.post(requirementActionPath(ref, 'complete-waiver'), body, {
    schema: requirementActionResultSchema,
  });
  if (!result) throw new Error('The waiver answer was empty');
  return result;
}

/** Signs the waiver and shows the new status everywhere. */
export function useCompleteWaiver(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteWaiverBody) => completeWaiver(ref, body),
    onSuccess: (result) => applyActionResult(queryClient, result),
  });
}
