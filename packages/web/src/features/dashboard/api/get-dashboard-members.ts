import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  dashboardMembersResponseSchema,
  type DashboardMembersQuery,
  type DashboardMembersResponse,
} from '@touchline/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';

/** Query key of every dashboard call; the dashboard's mutations invalidate it. */
export const dashboardKey = ['dashboard'] as const;

/** The query string of a members filter: defaults left out, lists as repeated keys. */
export function dashboardQueryString(query: Partial<DashboardMembersQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/**
 * GET /api/app/hierarchy-level/{id}/members (spec §7): one page of the members at the level and below — the page
 * numbered `page`, or with `after`/`before` the rows right after/before the row that cursor names (ADR 017).
 */
export async function getDashboardMembers(
  levelId: string,
  query: DashboardMembersQuery,
): Promise<DashboardMembersResponse> {
  const answer = await api.get(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/members?${dashboardQueryString(query)}`,
    { schema: dashboardMembersResponseSchema },
  );
  if (!answer) throw new Error('The members list came back empty');
  return answer;
}

/** The members page's query options; the previous page stays on screen while the next loads. */
export const dashboardMembersQueryOptions = (levelId: string, query: DashboardMembersQuery) =>
  queryOptions({
    queryKey: [...dashboardKey, 'members', levelId, query],
    queryFn: () => getDashboardMembers(levelId, query),
    placeholderData: keepPreviousData,
  });

/** The members table's data. */
export const useDashboardMembers = (levelId: string, query: DashboardMembersQuery) =>
  useQuery(dashboardMembersQueryOptions(levelId, query));
