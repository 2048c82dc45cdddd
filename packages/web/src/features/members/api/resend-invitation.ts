import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { directMembersKey } from './get-direct-members.ts';

/** POST /api/app/invitation/{profileLevelAccessId}/resend: a new invitation link (the old one stops working). */
export async function resendInvitation(profileLevelAccessId: string): Promise<void> {
  await api.post(`/api/app/invitation/${encodeURIComponent(profileLevelAccessId)}/resend`, undefined, {
    expectStatus: 204,
  });
}

/** Sends an invitation again; the list refetches to show the new send. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directMembersKey }),
  });
}
