import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeRoleQuerySchema, type ChangeRoleQuery } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { directMembersKey } from './get-direct-members.ts';

/** POST /api/app/profile/change-role?profileLevelAccessId&newLabelId (§7): gives the member another role label. */
export async function changeRole(query: ChangeRoleQuery): Promise<void> {
  const { profileLevelAccessId, newLabelId } = changeRoleQuerySchema.parse(query);
  const params = new URLSearchParams({ profileLevelAccessId, newLabelId });
  await api.post(`/api/app/profile/change-role?${params.toString()}`, undefined, { expectStatus: 204 });
}

/** Changes a member's role; the member lists refetch afterwards. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directMembersKey }),
  });
}
