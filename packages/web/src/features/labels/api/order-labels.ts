import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { labelsQueryKey } from './get-managed-labels.ts';

/** PUT /api/app/labels/order: puts every live label in the given order. */
export async function orderLabels(labelIds: string[]): Promise<void> {
  await api.put('/api/app/labels/order', { labelIds }, { expectStatus: 204 });
}

/** Reorders the labels, then refreshes every label query (pickers list them in the same order). */
export function useOrderLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderLabels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelsQueryKey }),
  });
}
