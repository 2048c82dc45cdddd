import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentAssignmentsResponseSchema, type AssignContentBody } from '@touchline/contracts/content';
import { api } from '../../../lib/api-client.ts';
import { contentQueryKey } from './get-content-list.ts';

/** POST /api/app/content/{id}/assign-content: replaces a definition's assignments. */
export async function assignContent(input: { id: string; body: AssignContentBody }) {
  const answer = await api.post(
    `/api/app/content/${encodeURIComponent(input.id)}/assign-content`,
    input.body,
    {
      schema: contentAssignmentsResponseSchema,
    },
  );
  return answer?.items ?? [];
}

/** Saves a definition's assignments, then refreshes the library. */
export function useAssignContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}
