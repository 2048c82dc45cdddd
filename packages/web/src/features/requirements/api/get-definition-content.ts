import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  definitionContentResponseSchema,
  type DefinitionContentResponse,
} from '@touchline/contracts/content';
import { requirementTypeByNo, type RequirementType } from '@touchline/contracts/requirement-types';
import { api } from '../../../lib/api-client.ts';
import { requirementsKey } from './requirement-paths.ts';

/** GET /api/app/content/content-{kind}/{id}: what the member completes (template, form version, waiver text…). */
export async function getDefinitionContent(
  definitionId: string,
  type: RequirementType,
): Promise<DefinitionContentResponse> {
  const kind = requirementTypeByNo(type)?.slug ?? 'document';
  const answer = await api.get(`/api/app/content/content-${kind}/${encodeURIComponent(definitionId)}`, {
    schema: definitionContentResponseSchema,
  });
  if (!answer) throw new Error('The requirement content was empty');
  return answer;
}

/** Query options of one definition's content. */
export const definitionContentQueryOptions = (definitionId: string, type: RequirementType) =>
  queryOptions({
    queryKey: [...requirementsKey, 'content', definitionId],
    queryFn: () => getDefinitionContent(definitionId, type),
  });

/** One definition's content, once the requirement (and so its type) is known. */
export const useDefinitionContent = (definitionId: string, type: RequirementType | undefined) =>
  useQuery({
    ...definitionContentQueryOptions(definitionId, type ?? 0),
    enabled: type !== undefined,
  });
