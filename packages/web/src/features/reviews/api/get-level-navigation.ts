import { queryOptions, useQuery } from '@tanstack/react-query';
import { levelNavigationSchema, type LevelNavigation } from '@touchline/contracts/hierarchy';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/app/hierarchy-level/{id}/navigation (spec §7), read by the queue's level filter: the level, its
 * breadcrumb and its children. Keyed like the level tree's read, so both share one cache entry and a tree change
 * refreshes the filter too (features may not import each other, hence this copy of the fetcher).
 */
export async function getLevelNavigation(levelId: string): Promise<LevelNavigation> {
  const answer = await api.get(`/api/app/hierarchy-level/${encodeURIComponent(levelId)}/navigation`, {
    schema: levelNavigationSchema,
  });
  if (!answer) throw new Error('The level navigation answer was empty');
  return answer;
}

/** One level's navigation for the level filter; nothing is read without a level. */
export const useLevelNavigation = (levelId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: ['hierarchy-level', levelId ?? '', 'navigation'],
      queryFn: () => getLevelNavigation(levelId ?? ''),
      enabled: levelId !== null,
    }),
  );
