import { useMutation } from '@tanstack/react-query';
import { requirementFileSchema, type RequirementFile } from '@touchline/contracts/requirement-completion';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress.ts';

/** POST {id}/content-form-file?plaId&fieldId (multipart `file`): the attachment of one form field. */
export function uploadFormFile(
  ref: RequirementRef,
  fieldId: string,
  file: File,
  onProgress?: UploadProgress,
): Promise<RequirementFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(
    requirementActionPath(ref, 'content-form-file', { fieldId }),
    form,
    requirementFileSchema,
    onProgress,
  );
}

/** Uploads one form field's attachment; its id becomes the field's answer. */
export function useUploadFormFile(ref: RequirementRef) {
  return useMutation({
    mutationFn: (input: { fieldId: string; file: File; onProgress?: UploadProgress }) =>
      uploadFormFile(ref, input.fieldId, input.file, input.onProgress),
  });
}
