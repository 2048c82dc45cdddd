import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deadLetterSchema, type DeadLetter } from '@touchline/contracts/platform-integrations';
import { listResponse, type ListResponse } from '@touchline/contracts/pagination';
import { api } from '../../../lib/api-client.ts';
import { integrationsApi, platformIntegrationsKey } from './paths.ts';

/** One page of the dead letters. */
export type DeadLetterParams = { page: number; perPage: number };

const pageSchema = listResponse(deadLetterSchema);

/** GET /api/app/integrations/dead-letters?page&perPage: jobs that used up their retries, newest first. */
export async function getDeadLetters(p: DeadLetterParams): Promise<ListResponse<DeadLetter>> {
  const query = new URLSearchParams({ page: String(p.page), perPage: String(p.perPage) });
  const answer = await api.get(`${integrationsApi}/dead-letters?${query}`, { schema: pageSchema });
  return answer ?? { items: [], totalCount: 0 };
}

/** Query options of one page of dead letters. */
export const deadLettersQueryOptions = (p: DeadLetterParams) =>
  queryOptions({
    queryKey: [...platformIntegrationsKey, 'dead-letters', p],
    queryFn: () => getDeadLetters(p),
    placeholderData: keepPreviousData,
  });

/** One page of dead letters. */
export const useDeadLetters = (p: DeadLetterParams) => useQuery(deadLettersQueryOptions(p));
