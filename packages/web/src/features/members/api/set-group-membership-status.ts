import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  setGroupMembershipStatusBulkBodySchema,
  type SetGroupMembershipStatusBulkBody,
} from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { directMembersKey } from './get-direct-members.ts';

/** POST /api/app/profile/set-group-membership-status-bulk (§7): all the chosen members become Active or Inactive. */
export async function setGroupMembershipStatus(body: SetGroupMembershipStatusBulkBody): Promise<void> {
  await api.post(
    '/api/app/profile/set-group-membership-status-bulk',
    setGroupMembershipStatusBulkBodySchema.parse(body),
    {
      expectStatus: 204,
    },
  );
}

/** Sets the group membership status of the selected members; the member lists refetch afterwards. */
export function useSetGroupMembershipStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGroupMembershipStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directMembersKey }),
  });
}
