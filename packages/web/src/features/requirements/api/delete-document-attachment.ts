import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requirementActionResultSchema,
  type RequirementActionResult,
} from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { applyActionResult } from './apply-action-result.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/** DELETE {id}/delete-document-attachment/{fileId}?plaId: removes one uploaded file while that is still allowed. */
export async function deleteDocumentAttachment(
  ref: RequirementRef,
  fileId: string,
): Promise<RequirementActionResult | null> {
  return api.delete(requirementActionPath(ref, `delete-document-attachment/${encodeURIComponent(fileId)}`), {
    schema: requirementActionResultSchema,
    retry: { retries: 0, delayMs: 0 },
  });
}

/** Removes a document file and shows the new status everywhere. */
export function useDeleteDocumentAttachment(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteDocumentAttachment(ref, fileId),
    onSuccess: (result) => applyActionResult(queryClient, result),
  });
}
