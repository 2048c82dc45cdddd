import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contentQueryKey } from './get-content-list.ts';

/** PUT /api/app/content/content-order: the library in a new order. */
export async function orderContent(ids: string[]): Promise<void> {
  await api.put('/api/app/content/content-order', { ids }, { expectStatus: 204 });
}

/** Reorders the library, then refreshes it. */
export function useOrderContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderContent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}
