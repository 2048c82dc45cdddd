import { useMutation, useQueryClient } from '@tanstack/react-query';
import { levelSchema, type CreateLevelBody, type Level } from '@touchline/contracts/hierarchy';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';

/** POST /api/app/hierarchy-level: adds a level under a parent. */
export async function createLevel(body: CreateLevelBody): Promise<Level> {
  const level = await api.post('/api/app/hierarchy-level', body, { schema: levelSchema });
  if (!level) throw new Error('The create-level answer was empty');
  return level;
}

/** Creates a level, then refreshes every level query (the parent's children and the counts above it). */
export function useCreateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: levelQueryKey }),
  });
}
