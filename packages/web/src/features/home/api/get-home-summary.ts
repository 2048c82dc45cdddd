import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeSummaryPath, homeSummarySchema, type HomeSummary } from '@touchline/contracts/home';
import { api } from '../../../lib/api-client.ts';

/** GET /api/app/hierarchy-level/{id}/home-summary (ADR 024): a managed level's compliance at a glance. */
export async function getHomeSummary(levelId: string): Promise<HomeSummary> {
  const answer = await api.get(homeSummaryPath(encodeURIComponent(levelId)), { schema: homeSummarySchema });
  if (!answer) throw new Error('The summary came back empty');
  return answer;
}

/** The summary's query: fresh for a minute, then refetched on the next visit to home. */
export const homeSummaryQueryOptions = (levelId: string) =>
  queryOptions({
    queryKey: ['home', 'summary', levelId],
    queryFn: () => getHomeSummary(levelId),
    staleTime: 60_000,
  });

/** One managed level's summary. */
export const useHomeSummary = (levelId: string) => useQuery(homeSummaryQueryOptions(levelId));
