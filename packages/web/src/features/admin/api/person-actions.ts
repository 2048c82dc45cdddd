import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActionResultSchema, adminPersonSchema } from '@touchline/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey } from './paths.ts';

/** What a platform administrator may do for an account. */
export type PersonAction =
  'resend-confirmation' | 'password-reset' | 'unlock' | 'grant-admin' | 'withdraw-admin';

/**
 * POST …/people/{id}/resend-confirmation, /password-reset, /unlock or PUT …/platform-admin: answers the sentence the
 * operator reads afterwards.
 */
export async function actOnPerson(id: string, action: PersonAction): Promise<string> {
  const base = `${adminApi}/people/${encodeURIComponent(id)}`;
  if (action === 'unlock') {
    await api.post(`${base}/unlock`, undefined, { schema: adminPersonSchema });
    return 'The account may sign in again.';
  }
  const answer =
    action === 'grant-admin' || action === 'withdraw-admin'
      ? await api.put(
          `${base}/platform-admin`,
          { grant: action === 'grant-admin' },
          { schema: adminActionResultSchema },
        )
      : await api.post(`${base}/${action}`, undefined, { schema: adminActionResultSchema });
  return answer?.message ?? 'Done.';
}

/** An account action; the people and the account refresh afterwards. */
export function usePersonAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: PersonAction }) => actOnPerson(input.id, input.action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
