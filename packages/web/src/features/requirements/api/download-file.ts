import { useMutation } from '@tanstack/react-query';
import { requirementFileLinkSchema } from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { openInNewTab } from './open-in-new-tab.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/** GET {id}/download-file/{fileId}?plaId: an expiring link to one of the member's files (ADR 008). */
export async function getDownloadLink(ref: RequirementRef, fileId: string): Promise<string> {
  const link = await api.get(requirementActionPath(ref, `download-file/${encodeURIComponent(fileId)}`), {
    schema: requirementFileLinkSchema,
  });
  if (!link) throw new Error('The download link was empty');
  return link.url;
}

/** Opens one of the member's files in a new tab through its expiring link. */
export function useDownloadFile(ref: RequirementRef) {
  return useMutation({
    mutationFn: (fileId: string) => openInNewTab(() => getDownloadLink(ref, fileId)),
  });
}
