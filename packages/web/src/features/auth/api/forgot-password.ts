import { useMutation } from '@tanstack/react-query';
import { accountRequestAcceptedSchema, type ForgotPasswordBody } from '@touchline/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/app/app-users/forgot-password (§7): always the same answer, so no one learns who has an account. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<string> {
  const answer = await api.post('/api/app/app-users/forgot-password', body, {
    schema: accountRequestAcceptedSchema,
    auth: false,
  });
  return answer?.message ?? '';
}

/** The forgot-password mutation; its data is the server's message. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
