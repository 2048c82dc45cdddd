import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import { accountKey } from './get-account.ts';

/** DELETE /api/app/account/photo (ours): removes the current profile's photo. */
export async function removeAccountPhoto(): Promise<void> {
  await api.delete('/api/app/account/photo', { expectStatus: 204, retry: { retries: 0, delayMs: 0 } });
}

/** Removes the photo and clears it everywhere the profile picture appears. */
export function useRemoveAccountPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAccountPhoto,
    onSuccess: async () => {
      queryClient.setQueryData<Account>(accountKey, (old) =>
        old
          ? { ...old, profile: { ...old.profile, photoUrl: null, photoName: null, photoExtension: null } }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: activeProfileKey });
    },
  });
}
