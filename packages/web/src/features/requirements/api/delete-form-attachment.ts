import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/** DELETE {id}/delete-form-attachment/{fileId}?plaId: removes a form field's attachment before the form is sent. */
export async function deleteFormAttachment(ref: RequirementRef, fileId: string): Promise<void> {
  await api.delete(requirementActionPath(ref, `delete-form-attachment/${encodeURIComponent(fileId)}`), {
    retry: { retries: 0, delayMs: 0 },
  });
}

/** Removes a form field's attachment. */
export function useDeleteFormAttachment(ref: RequirementRef) {
  return useMutation({ mutationFn: (fileId: string) => deleteFormAttachment(ref, fileId) });
}
