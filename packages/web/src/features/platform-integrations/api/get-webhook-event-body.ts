import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEventBodySchema } from '@touchline/contracts/platform-integrations';
import { api } from '../../../lib/api-client.ts';
import { integrationsApi, platformIntegrationsKey } from './paths.ts';

/** GET /api/app/integrations/webhook-events/{id}/body: one delivery's exact bytes (the server audits the read). */
export async function getWebhookEventBody(id: string): Promise<string> {
  const answer = await api.get(`${integrationsApi}/webhook-events/${encodeURIComponent(id)}/body`, {
    schema: webhookEventBodySchema,
  });
  if (!answer) throw new Error('The server sent no body');
  return answer.rawBody;
}

/** The body's query: fetched only while its disclosure is open (`enabled`), kept while the page lives. */
export const webhookEventBodyQueryOptions = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...platformIntegrationsKey, 'webhook-body', id],
    queryFn: () => getWebhookEventBody(id),
    enabled,
    staleTime: Infinity,
  });

/** One webhook's body, once asked for. */
export const useWebhookEventBody = (id: string, enabled: boolean) =>
  useQuery(webhookEventBodyQueryOptions(id, enabled));
