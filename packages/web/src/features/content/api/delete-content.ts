import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contentQueryKey } from './get-content-list.ts';

/** DELETE /api/app/content/{id}: removes a definition (members' history is kept). */
export async function deleteContent(id: string): Promise<void> {
  await api.delete(`/api/app/content/${encodeURIComponent(id)}`, { expectStatus: 204 });
}

/** Deletes a definition, then refreshes the library. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}
