import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  inviteMemberResponseSchema,
  type InviteMemberBody,
  type InviteMemberResponse,
} from '@touchline/contracts/invitations';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';
import { directMembersKey } from './get-direct-members.ts';

/** POST /api/app/invitation: creates the member at the level and e-mails them the invitation. */
export async function inviteMember(body: InviteMemberBody): Promise<InviteMemberResponse> {
  const answer = await api.post('/api/app/invitation', body, { schema: inviteMemberResponseSchema });
  if (!answer) throw new Error('The invitation answer was empty');
  return answer;
}

/** Invites a member; the member lists refetch afterwards. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    // The tree's member counts (level navigation) change with the members, so they refetch too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: directMembersKey }),
        queryClient.invalidateQueries({ queryKey: levelQueryKey }),
      ]),
  });
}
