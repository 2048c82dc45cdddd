import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentDefinitionSchema, type ContentDefinition } from '@touchline/contracts/content';
import { api } from '../../../lib/api-client.ts';
import { contentQueryKey } from './get-content-list.ts';

/** GET /api/app/content/content-library/{id}: one definition with its content and assignments. */
export async function getDefinition(id: string): Promise<ContentDefinition> {
  const answer = await api.get(`/api/app/content/content-library/${encodeURIComponent(id)}`, {
    schema: contentDefinitionSchema,
    retry: { retries: 0, delayMs: 0 },
  });
  if (!answer) throw new Error('The requirement was not returned');
  return answer;
}

/** One definition's query. */
export const definitionQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...contentQueryKey, 'definition', id], queryFn: () => getDefinition(id) });

/** The definition the editor and the assign dialog show. */
export const useDefinition = (id: string) => useQuery(definitionQueryOptions(id));
