import { useMutation } from '@tanstack/react-query';
import {
  requirementFileLinkSchema,
  type RequirementFileLink,
} from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { openInNewTab } from './open-in-new-tab.ts';
import { requirementActionPath, type RequirementRef } from './requirement-paths.ts';

/** GET {id}/extension-content-file?plaId: the Document's template (an expiring link) or its outside link. */
export async function getContentFileLink(ref: RequirementRef): Promise<RequirementFileLink> {
  const link = await api.get(requirementActionPath(ref, 'extension-content-file'), {
    schema: requirementFileLinkSchema,
  });
  if (!link) throw new Error('This requirement has no template or link');
  return link;
}

/** Opens the template or link in a new tab, fetched fresh on each click since a template's link expires. */
export function useOpenContentFile(ref: RequirementRef) {
  return useMutation({
    mutationFn: () => openInNewTab(async () => (await getContentFileLink(ref)).url),
  });
}
