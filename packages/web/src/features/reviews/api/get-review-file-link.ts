import { requirementFileLinkSchema } from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import type { ReviewRef } from './get-review-detail.ts';
import { reviewApi } from './review-paths.ts';

/** GET {id}/download-file/{fileId}?plaId: an expiring link to view a member's file in place (ADR 008). */
export async function getReviewFileLink(ref: ReviewRef, fileId: string): Promise<string> {
  const path = `${reviewApi}/${encodeURIComponent(ref.definitionId)}/download-file/${encodeURIComponent(fileId)}`;
  const link = await api.get(`${path}?plaId=${encodeURIComponent(ref.plaId)}`, {
    schema: requirementFileLinkSchema,
  });
  if (!link) throw new Error('The file link was empty');
  return link.url;
}
