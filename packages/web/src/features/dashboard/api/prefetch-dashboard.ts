import type { QueryClient } from '@tanstack/react-query';
import { isLevelId } from '../../../lib/level-id.ts';
import { isSessionLoggedIn, session } from '../../../lib/session.ts';
import { parseDashboardFilter } from '../hooks/use-dashboard-filter.ts';
import { dashboardInfoQueryOptions } from './get-dashboard-info.ts';
import { dashboardMembersQueryOptions } from './get-dashboard-members.ts';

/**
 * The dashboard's first two calls, the counts and the members page its address asks for, started as soon as the
 * session is known, into the cache the page then reads (the same keys as `useDashboardInfo` and
 * `useDashboardMembers`). The dashboard route's loader calls it from the entry, so on a first load the calls go out
 * while the signed-in pages' code is still downloading, not after it has run (ADR 029). Signed out, it asks
 * nothing: the session guard sends the user to sign in.
 */
export async function prefetchDashboard(
  queryClient: QueryClient,
  levelId: string,
  params: URLSearchParams,
): Promise<void> {
  if (!isLevelId(levelId)) return;
  await session.ensureLoaded();
  if (!isSessionLoggedIn(session.getSnapshot())) return;
  const filter = parseDashboardFilter(params);
  const { search, labels, groupMembershipStatus } = filter;
  await Promise.all([
    queryClient.prefetchQuery(dashboardInfoQueryOptions(levelId, { search, labels, groupMembershipStatus })),
    queryClient.prefetchQuery(dashboardMembersQueryOptions(levelId, filter)),
  ]);
}
