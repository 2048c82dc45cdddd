import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateLabelBody } from '@touchline/contracts/labels';
import { memberLabelSchema, type MemberLabel } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { labelsQueryKey } from './get-managed-labels.ts';

/** PUT /api/app/labels/{id}: renames a label, makes it the default, or changes its organization role. */
export async function updateLabel({
  id,
  ...changes
}: UpdateLabelBody & { id: string }): Promise<MemberLabel> {
  const label = await api.put(`/api/app/labels/${encodeURIComponent(id)}`, changes, {
    schema: memberLabelSchema,
  });
  if (!label) throw new Error('The changed role was not returned');
  return label;
}

/** Changes a label, then refreshes every label query (a new default changes another label too). */
export function useUpdateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLabel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelsQueryKey }),
  });
}
