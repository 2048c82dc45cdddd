import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requirementActionResultSchema,
  type RequirementActionResult,
} from '@touchline/contracts/requirement-completion';
import { applyActionResult } from './apply-action-result.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress.ts';

/** POST {id}/upload-custom-training-certificate?plaId (multipart `file`): the certificate that completes it. */
export function uploadTrainingCertificate(
  ref: RequirementRef,
  file: File,
  onProgress?: UploadProgress,
): Promise<RequirementActionResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(
    requirementActionPath(ref, 'upload-custom-training-certificate'),
    form,
    requirementActionResultSchema,
    onProgress,
  );
}

/** Uploads the certificate and shows the new status everywhere. */
export function useUploadTrainingCertificate(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) =>
      uploadTrainingCertificate(ref, file, onProgress),
    onSuccess: (result) => applyActionResult(queryClient, result),
  });
}
