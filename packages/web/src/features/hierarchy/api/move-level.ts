import { useMutation, useQueryClient } from '@tanstack/react-query';
import { levelSchema, type Level } from '@touchline/contracts/hierarchy';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';

/** POST /api/app/hierarchy-level/{id}/move: moves a level, with everything below it, under a new parent. */
export async function moveLevel({ id, parentId }: { id: string; parentId: string }): Promise<Level> {
  const level = await api.post(
    `/api/app/hierarchy-level/${encodeURIComponent(id)}/move`,
    { parentId },
    { schema: levelSchema },
  );
  if (!level) throw new Error('The move answer was empty');
  return level;
}

/** Moves a level, then refreshes every level query (both parents, the counts and the breadcrumbs change). */
export function useMoveLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: levelQueryKey }),
  });
}
