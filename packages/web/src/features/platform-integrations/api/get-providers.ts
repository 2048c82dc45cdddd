import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  integrationProvidersSchema,
  type IntegrationProvider,
} from '@touchline/contracts/platform-integrations';
import { api } from '../../../lib/api-client.ts';
import { integrationsApi, platformIntegrationsKey } from './paths.ts';

/** GET /api/app/integrations/providers: the deployment's webhook providers, sandboxes marked. */
export async function getProviders(): Promise<IntegrationProvider[]> {
  const answer = await api.get(`${integrationsApi}/providers`, { schema: integrationProvidersSchema });
  return answer?.items ?? [];
}

/** The providers' query (they change only with the deployment). */
export const providersQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: [...platformIntegrationsKey, 'providers'],
    queryFn: getProviders,
    staleTime: 5 * 60_000,
    enabled,
  });

/** The deployment's webhook providers (asked for only when the reader may see them). */
export const useProviders = (enabled = true) => useQuery(providersQueryOptions(enabled));
