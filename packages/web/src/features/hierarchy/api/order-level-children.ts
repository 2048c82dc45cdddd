import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';

/** PUT /api/app/hierarchy-level/{id}/order: puts the level's children in the given order. */
export async function orderLevelChildren({
  id,
  childIds,
}: {
  id: string;
  childIds: string[];
}): Promise<void> {
  await api.put(
    `/api/app/hierarchy-level/${encodeURIComponent(id)}/order`,
    { childIds },
    { expectStatus: 204 },
  );
}

/** Reorders a level's children, then refreshes every level query (the tree shows the same order). */
export function useOrderLevelChildren() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderLevelChildren,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: levelQueryKey }),
  });
}
