import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEventSchema, type WebhookEvent } from '@touchline/contracts/integrations';
import { listResponse, type ListResponse } from '@touchline/contracts/pagination';
import { api } from '../../../lib/api-client.ts';
import { integrationsApi, platformIntegrationsKey } from './paths.ts';

/** One page of the webhook log: filters and page. */
export type WebhookEventParams = {
  provider?: string | undefined;
  state?: WebhookEvent['state'] | undefined;
  page: number;
  perPage: number;
};

const pageSchema = listResponse(webhookEventSchema);

/** GET /api/app/integrations/webhook-events?provider&state&page&perPage: received webhooks, newest first. */
export async function getWebhookEvents(p: WebhookEventParams): Promise<ListResponse<WebhookEvent>> {
  const query = new URLSearchParams({ page: String(p.page), perPage: String(p.perPage) });
  if (p.provider) query.set('provider', p.provider);
  if (p.state) query.set('state', p.state);
  const answer = await api.get(`${integrationsApi}/webhook-events?${query}`, { schema: pageSchema });
  return answer ?? { items: [], totalCount: 0 };
}

/** Query options of one page of the log (the previous page stays shown while the next loads). */
export const webhookEventsQueryOptions = (p: WebhookEventParams) =>
  queryOptions({
    queryKey: [...platformIntegrationsKey, 'webhook-events', p],
    queryFn: () => getWebhookEvents(p),
    placeholderData: keepPreviousData,
  });

/** One page of the webhook log. */
export const useWebhookEvents = (p: WebhookEventParams) => useQuery(webhookEventsQueryOptions(p));
