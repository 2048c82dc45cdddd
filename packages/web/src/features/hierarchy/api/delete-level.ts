import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';

/** DELETE /api/app/hierarchy-level/{id}: deletes an empty level and everything below it (409 while members remain). */
export async function deleteLevel(id: string): Promise<void> {
  await api.delete(`/api/app/hierarchy-level/${encodeURIComponent(id)}`, {
    expectStatus: 204,
    retry: { retries: 0, delayMs: 0 },
  });
}

/** Deletes a level, forgets its own queries and refreshes the others. */
export function useDeleteLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLevel,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...levelQueryKey, id] });
      await queryClient.invalidateQueries({ queryKey: levelQueryKey });
    },
  });
}
