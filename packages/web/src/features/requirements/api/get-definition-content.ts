import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  memberContentResponseSchema,
  type MemberContentResponse,
} from '@touchline/contracts/requirement-completion';
import { requirementTypeByNo, type RequirementType } from '@touchline/contracts/requirement-types';
import { api } from '../../../lib/api-client.ts';
import { requirementsKey, type RequirementRef } from './requirement-paths.ts';

/**
 * GET /api/app/content/content-{kind}/{id}?plaId: what the member completes (template, form version, waiver
 * text…), read as their requirement, so a form comes with the answers they sent before.
 */
export async function getDefinitionContent(
  ref: RequirementRef,
  type: RequirementType,
): Promise<MemberContentResponse> {
  const kind = requirementTypeByNo(type)?.slug ?? 'document';
  const query = ref.profileLevelAccessId
    ? `?${new URLSearchParams({ plaId: ref.profileLevelAccessId }).toString()}`
    : '';
  const answer = await api.get(
    `/api/app/content/content-${kind}/${encodeURIComponent(ref.definitionId)}${query}`,
    { schema: memberContentResponseSchema },
  );
  if (!answer) throw new Error('The requirement content was empty');
  return answer;
}

/** Query options of one definition's content for one member. */
export const definitionContentQueryOptions = (ref: RequirementRef, type: RequirementType) =>
  queryOptions({
    queryKey: [...requirementsKey, 'content', ref.definitionId, ref.profileLevelAccessId],
    queryFn: () => getDefinitionContent(ref, type),
  });

/** One definition's content, once the requirement (and so its type) is known. */
export const useDefinitionContent = (ref: RequirementRef, type: RequirementType | undefined) =>
  useQuery({
    ...definitionContentQueryOptions(ref, type ?? 0),
    enabled: type !== undefined,
  });
