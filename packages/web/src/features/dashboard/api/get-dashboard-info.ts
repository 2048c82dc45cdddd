import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  dashboardInfoSchema,
  type DashboardInfo,
  type DashboardInfoQuery,
} from '@touchline/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';
import { dashboardKey, dashboardQueryString } from './get-dashboard-members.ts';

/** GET /api/app/hierarchy-level/{id}/dashboard-info (spec §7): the tiles' counts, over the same scope filters. */
export async function getDashboardInfo(levelId: string, query: DashboardInfoQuery): Promise<DashboardInfo> {
  const answer = await api.get(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/dashboard-info?${dashboardQueryString(query)}`,
    { schema: dashboardInfoSchema },
  );
  if (!answer) throw new Error('The dashboard counts came back empty');
  return answer;
}

/** The tiles' query options; the previous counts stay on screen while the next load. */
export const dashboardInfoQueryOptions = (levelId: string, query: DashboardInfoQuery) =>
  queryOptions({
    queryKey: [...dashboardKey, 'info', levelId, query],
    queryFn: () => getDashboardInfo(levelId, query),
    placeholderData: keepPreviousData,
  });

/** The tiles' data. */
export const useDashboardInfo = (levelId: string, query: DashboardInfoQuery) =>
  useQuery(dashboardInfoQueryOptions(levelId, query));
