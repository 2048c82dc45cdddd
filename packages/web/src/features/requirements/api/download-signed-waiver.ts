import { useMutation } from '@tanstack/react-query';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';
import { downloadWithToken } from './upload-with-progress.ts';

/** GET {id}/waiver/download?plaId: the signed PDF (with its signature and audit page), saved by the browser. */
export function downloadSignedWaiver(ref: RequirementRef, fileName: string): Promise<void> {
  return downloadWithToken(requirementActionPath(ref, 'waiver/download'), fileName);
}

/** Downloads the signed waiver PDF. */
export function useDownloadSignedWaiver(ref: RequirementRef, fileName: string) {
  return useMutation({ mutationFn: () => downloadSignedWaiver(ref, fileName) });
}
