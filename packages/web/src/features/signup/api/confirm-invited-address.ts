import { confirmInvitedAddressBodySchema } from '@touchline/contracts/invitations';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/app/invitation/confirm-address (ADR 033): the invitation link proves the address, so the account just
 * registered from it (with this password) is confirmed without a second e-mail.
 */
export async function confirmInvitedAddress(token: string, password: string): Promise<void> {
  await api.post(
    '/api/app/invitation/confirm-address',
    confirmInvitedAddressBodySchema.parse({ token, password }),
    {
      auth: false,
      expectStatus: 204,
    },
  );
}
