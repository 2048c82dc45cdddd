import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requirementActionResultSchema,
  type RequirementActionResult,
} from '@touchline/contracts/requirement-completion';
import { applyActionResult } from './apply-action-result.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress.ts';

/** POST {id}/complete-document?plaId (multipart `file`, repeated): the member's files for a Document. */
export function completeDocument(
  ref: RequirementRef,
  files: readonly File[],
  onProgress?: UploadProgress,
): Promise<RequirementActionResult> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return uploadWithProgress(
    requirementActionPath(ref, 'complete-document'),
    form,
    requirementActionResultSchema,
    onProgress,
  );
}

/** Uploads the document files and shows the new status everywhere. */
export function useCompleteDocument(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: readonly File[]; onProgress?: UploadProgress }) =>
      completeDocument(ref, files, onProgress),
    onSuccess: (result) => applyActionResult(queryClient, result),
  });
}
