import { queryOptions } from '@tanstack/react-query';
import { levelNavigationSchema, type LevelNavigation } from '@touchline/contracts/hierarchy';
import { api } from './api-client.ts';

/** The prefix of every level query, so a change of the tree refreshes them all (counts change up the chain). */
export const levelQueryKey = ['hierarchy-level'] as const;

/** GET /api/app/hierarchy-level/{id}/navigation (spec §7): a level, its breadcrumb and its children with counts. */
export async function getLevelNavigation(levelId: string): Promise<LevelNavigation> {
  const answer = await api.get(`/api/app/hierarchy-level/${encodeURIComponent(levelId)}/navigation`, {
    schema: levelNavigationSchema,
  });
  if (!answer) throw new Error('The level navigation answer was empty');
  return answer;
}

/** Query options of one level's navigation; the level tree, the level page and the review filter share them. */
export const levelNavigationQueryOptions = (levelId: string) =>
  queryOptions({
    queryKey: [...levelQueryKey, levelId, 'navigation'],
    queryFn: () => getLevelNavigation(levelId),
  });
