import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deadLetterActionResultSchema,
  type DeadLetterActionResult,
} from '@touchline/contracts/platform-integrations';
import { api } from '../../../lib/api-client.ts';
import { integrationsApi, platformIntegrationsKey } from './paths.ts';

/** What may be done with a dead letter. */
export type DeadLetterAction = 'retry' | 'discard';

/** POST /api/app/integrations/dead-letters/{id}/retry or /discard: a repeat answers what was done, changing nothing. */
export async function actOnDeadLetter(id: string, action: DeadLetterAction): Promise<DeadLetterActionResult> {
  const answer = await api.post(
    `${integrationsApi}/dead-letters/${encodeURIComponent(id)}/${action}`,
    undefined,
    {
      schema: deadLetterActionResultSchema,
    },
  );
  if (!answer) throw new Error('The server sent no answer');
  return answer;
}

/** Retry or discard; the dead letters (and the webhook log a retried job may change) refresh afterwards. */
export function useDeadLetterAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: DeadLetterAction }) => actOnDeadLetter(input.id, input.action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformIntegrationsKey }),
  });
}
