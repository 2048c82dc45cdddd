import { useMutation } from '@tanstack/react-query';
import {
  supportSessionSchema,
  type StartSupportSessionBody,
  type SupportSession,
} from '@touchline/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminApi } from './paths.ts';

/** POST /api/app/admin/support-sessions: starts viewing an organization as one of its people. */
export async function startSupportSession(body: StartSupportSessionBody): Promise<SupportSession> {
  const answer = await api.post(`${adminApi}/support-sessions`, body, { schema: supportSessionSchema });
  if (!answer) throw new Error('The server sent no answer');
  return answer;
}

/** Starting a support session. */
export const useStartSupportSession = () => useMutation({ mutationFn: startSupportSession });
