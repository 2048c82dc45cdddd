import type { Level, LevelNavigation, LevelWithCounts, MoveTarget } from '@touchline/contracts/hierarchy';
import type { ActorContext } from '../../authz/actor-context.ts';
import {
  allowedLevelActions,
  childIdsTowardGrants,
  levelPolicy,
  strongestRoleAt,
} from './hierarchy.policy.ts';
import type { LevelRow } from './hierarchy.queries.ts';

/** A level as the API returns it: everything but the materialized path. */
export function presentLevel(row: LevelRow): Level {
  return { id: row.id, name: row.name, parentId: row.parentId, depth: row.depth, sortOrder: row.sortOrder };
}

/** What the navigation call loaded, before the actor's view of it is cut out. */
export type NavigationData = {
  level: LevelRow;
  ancestors: LevelRow[];
  children: (LevelRow & { childCount: number })[];
  /** Memberships in the level's subtree by the child they lie under ('' = at the level itself). */
  memberCounts: Map<string, number>;
};

function withCounts(ctx: ActorContext, row: LevelRow, allChildren: number, members: number): LevelWithCounts {
  const childCount = levelPolicy.viewAllChildren(ctx, row)
    ? allChildren
    : childIdsTowardGrants(ctx, row.path).size;
  return {
    ...presentLevel(row),
    childCount,
    memberCount: levelPolicy.viewMembers(ctx, row) ? members : null,
  };
}

/**
 * The navigation answer as this actor may see it: every child for a manager or higher at the level, otherwise only
 * the children on the way to the actor's own levels; member counts only where the actor may see members.
 */
export function presentNavigation(ctx: ActorContext, data: NavigationData): LevelNavigation {
  const { level, ancestors, children, memberCounts } = data;
  const towardGrants = childIdsTowardGrants(ctx, level.path);
  const visibleChildren = levelPolicy.viewAllChildren(ctx, level)
    ? children
    : children.filter((c) => towardGrants.has(c.id));
  const totalMembers = [...memberCounts.values()].reduce((sum, n) => sum + n, 0);
  return {
    level: withCounts(ctx, level, children.length, totalMembers),
    ancestors: ancestors.filter((a) => levelPolicy.view(ctx, a)).map(presentLevel),
    children: visibleChildren.map((c) => withCounts(ctx, c, c.childCount, memberCounts.get(c.id) ?? 0)),
    actorRole: strongestRoleAt(ctx, level.path),
    allowedActions: allowedLevelActions(ctx, level),
  };
}

/**
 * The levels a level may move under, in tree order (each parent before its children, siblings in their order):
 * where the actor is admin level, outside the level's own subtree, and not its current parent.
 */
export function presentMoveTargets(ctx: ActorContext, level: LevelRow, candidates: LevelRow[]): MoveTarget[] {
  const byParent = new Map<string | null, LevelRow[]>();
  for (const c of candidates) {
    const siblings = byParent.get(c.parentId);
    if (siblings) siblings.push(c);
    else byParent.set(c.parentId, [c]);
  }
  const ids = new Set(candidates.map((c) => c.id));
  const tops = candidates.filter((c) => c.parentId === null || !ids.has(c.parentId));
  const targets: MoveTarget[] = [];
  const walk = (row: LevelRow, pathNames: string[]) => {
    if (row.path.startsWith(level.path)) return;
    const names = [...pathNames, row.name];
    if (row.id !== level.parentId && levelPolicy.moveInto(ctx, row))
      targets.push({ id: row.id, name: row.name, depth: row.depth, pathNames: names });
    for (const child of byParent.get(row.id) ?? []) walk(child, names);
  };
  for (const top of tops) walk(top, []);
  return targets;
}
