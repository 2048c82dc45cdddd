import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  type AcceptInvitationResponse,
} from '@touchline/contracts/invitations';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

/**
 * POST /api/app/invitation/accept, then a token refresh: the server made the invited profile the account's current
 * one, and the refreshed token carries it (CurrentProfileId) with its roles.
 */
export async function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  const answer = await api.post('/api/app/invitation/accept', acceptInvitationBodySchema.parse({ token }), {
    schema: acceptInvitationResponseSchema,
  });
  if (!answer) throw new Error('The acceptance answer was empty');
  await session.refresh();
  return answer;
}

/**
 * The acceptance as a query keyed by its token, so it runs once even when React mounts the page twice; the active
 * profile (and every other cached answer) is refetched afterwards, since the account now has a current organization.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...queryOptions({
      queryKey: ['invitation', 'accept', token],
      queryFn: async () => {
        const answer = await acceptInvitation(token);
        // Everything cached belonged to the account before it joined (the active profile first of all).
        await queryClient.invalidateQueries({ queryKey: activeProfileKey });
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'invitation' });
        return answer;
      },
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
    enabled: token !== '',
  });
}
