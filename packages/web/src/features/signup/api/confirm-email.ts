import { queryOptions, useQuery } from '@tanstack/react-query';
import { confirmEmailBodySchema } from '@touchline/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/app/app-users/confirm-email: the token from the confirmation e-mail; 204 once confirmed. */
export async function confirmEmail(token: string): Promise<true> {
  await api.post('/api/app/app-users/confirm-email', confirmEmailBodySchema.parse({ token }), {
    auth: false,
    expectStatus: 204,
  });
  return true;
}

/**
 * The confirmation as a query keyed by its token: opening the link confirms once, even when React mounts the page
 * twice in development or the user comes back to it (a used token would otherwise fail the second time).
 */
export const confirmEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['account', 'confirm-email', token],
    queryFn: () => confirmEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Confirms the address of the opened link. */
export const useConfirmEmail = (token: string) =>
  useQuery({ ...confirmEmailQueryOptions(token), enabled: token !== '' });
