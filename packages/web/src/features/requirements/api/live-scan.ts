import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveScanUrlsResponseSchema } from '@touchline/contracts/live-scan';
import {
  requirementActionResultSchema,
  type RequirementActionResult,
} from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { applyActionResult } from './apply-action-result.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';
import { downloadWithToken, uploadWithProgress, type UploadProgress } from './upload-with-progress.ts';

/** GET /api/app/organization/{id}/live-scan-urls: the organization's request forms and locations by state. */
export async function getLiveScanUrls(organizationId: string) {
  const answer = await api.get(`/api/app/organization/${encodeURIComponent(organizationId)}/live-scan-urls`, {
    schema: liveScanUrlsResponseSchema,
  });
  return answer?.items ?? [];
}

/** The organization's LiveScan locations. */
export const useLiveScanUrls = (organizationId: string | undefined) =>
  useQuery({
    queryKey: ['live-scan-urls', organizationId],
    queryFn: () => getLiveScanUrls(organizationId ?? ''),
    enabled: Boolean(organizationId),
  });

/** GET {id}/live-scan-request-form?plaId&locationId: the member's pre-filled request form, saved by the browser. */
export function downloadLiveScanRequestForm(ref: RequirementRef, locationId: string): Promise<void> {
  return downloadWithToken(
    requirementActionPath(ref, 'live-scan-request-form', { locationId }),
    'livescan-request-form.pdf',
  );
}

/** POST {id}/submit-live-scan?plaId&atiNumber (multipart `file`: the receipt photo). */
export function submitLiveScan(
  ref: RequirementRef,
  atiNumber: string,
  file: File,
  onProgress?: UploadProgress,
): Promise<RequirementActionResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(
    requirementActionPath(ref, 'submit-live-scan', { atiNumber }),
    form,
    requirementActionResultSchema,
    onProgress,
  );
}

/** Submits the receipt and shows the new status everywhere. */
export function useSubmitLiveScan(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { atiNumber: string; file: File; onProgress?: UploadProgress }) =>
      submitLiveScan(ref, input.atiNumber, input.file, input.onProgress),
    onSuccess: (result) => applyActionResult(queryClient, result),
  });
}
