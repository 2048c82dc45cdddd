import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { labelsQueryKey } from './get-managed-labels.ts';

/** DELETE /api/app/labels/{id}: deletes a label no member holds (409 otherwise, and for the default). */
export async function deleteLabel(id: string): Promise<void> {
  await api.delete(`/api/app/labels/${encodeURIComponent(id)}`, {
    expectStatus: 204,
    retry: { retries: 0, delayMs: 0 },
  });
}

/** Deletes a label, then refreshes every label query. */
export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLabel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelsQueryKey }),
  });
}
