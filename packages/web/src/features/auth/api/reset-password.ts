import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@touchline/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/app/app-users/reset-password (§7): the e-mailed token and the new password; 204 on success. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await api.post('/api/app/app-users/reset-password', body, { auth: false, expectStatus: 204 });
}

/** The reset-password mutation. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
