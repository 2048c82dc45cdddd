import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountUserSchema,
  type Account,
  type AccountUser,
  type UpdateAccountUserBody,
} from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import { session } from '../../../lib/session.ts';
import { accountKey } from './get-account.ts';

/**
 * PUT /api/app/account/user (ours): names and date of birth. The names live in the identity account too, so the
 * session refreshes afterwards and the header greets the user by the new name.
 */
export async function updateAccountUser(body: UpdateAccountUserBody): Promise<AccountUser> {
  const user = await api.put('/api/app/account/user', body, {
    schema: accountUserSchema,
    retry: { retries: 0, delayMs: 0 },
  });
  if (!user) throw new Error('The account answer was empty');
  await session.refresh().catch(() => undefined);
  return user;
}

/** Saves the user section and puts the answer in the cached account. */
export function useUpdateAccountUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountUser,
    onSuccess: async (user) => {
      queryClient.setQueryData<Account>(accountKey, (old) => (old ? { ...old, user } : old));
      await queryClient.invalidateQueries({ queryKey: activeProfileKey });
    },
  });
}
