import { useMutation } from '@tanstack/react-query';
import { accountRequestAcceptedSchema, resendConfirmationBodySchema } from '@touchline/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/app/app-users/resend-confirmation: a new confirmation link, for an address that still waits for one. */
export async function resendConfirmation(email: string): Promise<string> {
  const answer = await api.post(
    '/api/app/app-users/resend-confirmation',
    resendConfirmationBodySchema.parse({ email }),
    { schema: accountRequestAcceptedSchema, auth: false },
  );
  return answer?.message ?? '';
}

/** The resend mutation; its data is the server's message. */
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
