import { useMutation } from '@tanstack/react-query';
import { accountRequestAcceptedSchema, type RegisterAccountBody } from '@touchline/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/app/app-users/register-account (§7): creates the account and e-mails a confirmation link. The answer
 * is the same whether or not the address already has an account, so no one learns who is registered.
 */
export async function registerAccount(body: RegisterAccountBody): Promise<string> {
  const answer = await api.post('/api/app/app-users/register-account', body, {
    schema: accountRequestAcceptedSchema,
    auth: false,
  });
  return answer?.message ?? '';
}

/** The register mutation of the full signup form; its data is the server's message. */
export const useRegisterAccount = () => useMutation({ mutationFn: registerAccount });
