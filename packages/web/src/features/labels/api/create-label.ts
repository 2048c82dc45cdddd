import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLabelBody } from '@touchline/contracts/labels';
import { memberLabelSchema, type MemberLabel } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { labelsQueryKey } from './get-managed-labels.ts';

/** POST /api/app/labels: adds a role label, last in the order. */
export async function createLabel(body: CreateLabelBody): Promise<MemberLabel> {
  const label = await api.post('/api/app/labels', body, { schema: memberLabelSchema });
  if (!label) throw new Error('The new role was not returned');
  return label;
}

/** Adds a label, then refreshes every label query. */
export function useCreateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLabel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelsQueryKey }),
  });
}
