import type { LevelAllowedActions, LevelNavigation, LevelWithCounts } from '@touchline/contracts/hierarchy';

/** A level with counts for the hierarchy tests. */
export function fixtureLevel(
  id: string,
  name: string,
  depth: number,
  parentId: string | null,
  counts: { childCount?: number; memberCount?: number | null } = {},
): LevelWithCounts {
  return { id, name, depth, parentId, sortOrder: 0, childCount: 0, memberCount: 0, ...counts };
}

const everything: LevelAllowedActions = {
  createChild: true,
  rename: true,
  move: true,
  delete: true,
  reorder: true,
};

/** A navigation answer for the hierarchy tests: an admin's view unless told otherwise. */
export function fixtureNavigation(
  level: LevelWithCounts,
  children: LevelWithCounts[],
  extra: Partial<Omit<LevelNavigation, 'level' | 'children'>> = {},
): LevelNavigation {
  return {
    level: { ...level, childCount: children.length },
    ancestors: [],
    children,
    actorRole: 'Admin',
    allowedActions: everything,
    ...extra,
  };
}

/** The fake-server route of one level's navigation. */
export const navigationRoute = (levelId: string) => `GET /api/app/hierarchy-level/${levelId}/navigation`;
