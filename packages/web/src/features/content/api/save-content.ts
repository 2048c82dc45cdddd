import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentDefinitionSchema, type ContentDefinition } from '@touchline/contracts/content';
import { api } from '../../../lib/api-client.ts';
import { contentQueryKey } from './get-content-list.ts';

/** What a save sends: the kind slug, the id (organization to create, definition to update), base and content. */
export type SaveContentInput = {
  kind: string;
  id: string;
  base: Record<string, unknown>;
  content: Record<string, unknown>;
};

/** POST /api/app/content/content-{kind}/{id}: creates (organization id) or updates (definition id), ADR 013. */
export async function saveContent(input: SaveContentInput): Promise<ContentDefinition> {
  const answer = await api.post(
    `/api/app/content/content-${input.kind}/${encodeURIComponent(input.id)}`,
    { base: input.base, content: input.content },
    { schema: contentDefinitionSchema },
  );
  if (!answer) throw new Error('The requirement was not returned');
  return answer;
}

/** Saves a definition, then refreshes the library. */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}
