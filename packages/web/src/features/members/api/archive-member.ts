import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';
import { directMembersKey } from './get-direct-members.ts';

/** DELETE /api/app/profile/profile-level-access/{id} (§7): archives the member's access; its history is kept. */
export async function archiveMember(profileLevelAccessId: string): Promise<void> {
  await api.delete(`/api/app/profile/profile-level-access/${encodeURIComponent(profileLevelAccessId)}`, {
    expectStatus: 204,
    retry: { retries: 0, delayMs: 0 },
  });
}

/** Archives a member; the member lists refetch afterwards. */
export function useArchiveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveMember,
    // The tree's member counts (level navigation) change with the members, so they refetch too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: directMembersKey }),
        queryClient.invalidateQueries({ queryKey: levelQueryKey }),
      ]),
  });
}
