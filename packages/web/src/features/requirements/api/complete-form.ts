import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requirementActionResultSchema,
  type CompleteFormBody,
  type RequirementActionResult,
} from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { applyActionResult } from './apply-action-result.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/** POST {id}/complete-form?plaId: the answers to the form version the member filled in. */
export async function completeForm(
  ref: RequirementRef,
  body: CompleteFormBody,
): Promise<RequirementActionResult> {
  const result = await api.post(requirementActionPath(ref, 'complete-form'), body, {
    schema: requirementActionResultSchema,
  });
  if (!result) throw new Error('The form answer was empty');
  return result;
}

/** Sends the form and shows the new status everywhere. */
export function useCompleteForm(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteFormBody) => completeForm(ref, body),
    onSuccess: (result) => applyActionResult(queryClient, result),
  });
}
