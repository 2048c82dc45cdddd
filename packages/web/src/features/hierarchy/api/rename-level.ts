import { useMutation, useQueryClient } from '@tanstack/react-query';
import { levelSchema, type Level } from '@touchline/contracts/hierarchy';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';

/** PUT /api/app/hierarchy-level/{id}: renames a level. */
export async function renameLevel({ id, name }: { id: string; name: string }): Promise<Level> {
  const level = await api.put(
    `/api/app/hierarchy-level/${encodeURIComponent(id)}`,
    { name },
    { schema: levelSchema },
  );
  if (!level) throw new Error('The rename answer was empty');
  return level;
}

/** Renames a level, then refreshes every level query (the name shows in breadcrumbs and lists). */
export function useRenameLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: levelQueryKey }),
  });
}
