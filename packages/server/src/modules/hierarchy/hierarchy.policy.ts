import { Role } from '@touchline/contracts/roles';
import type { LevelAllowedActions } from '@touchline/contracts/hierarchy';
import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt, isAtOrBelow, reachablePaths, rolesAt } from '../../authz/rules.ts';

/** What the level rules read: the level's materialized path and whether it is the organization's top level. */
export type PolicyLevel = { path: string; parentId: string | null };

const adminAt = (ctx: ActorContext, level: PolicyLevel) => holdsAt(ctx, 'adminLevel', level.path);

/**
 * The level rule table (ADR 007). Seeing a level needs a grant at, above or below it: a plain member must walk
 * from the top to their own team. Seeing what lies below a level (its children beyond the way to the actor's own
 * levels, and its member counts) needs manager level or higher there. Changing the tree needs admin level: at the
 * parent to add a level, at the level to rename, reorder, move or delete it, and at the new parent to move it there.
 */
export const levelPolicy = {
  view: (ctx: ActorContext, level: PolicyLevel) =>
    ctx.platformAdmin ||
    ctx.grants.some((g) => isAtOrBelow(level.path, g.levelPath) || isAtOrBelow(g.levelPath, level.path)),
  viewAllChildren: (ctx: ActorContext, level: PolicyLevel) =>
    holdsAt(ctx, 'managerLevelOrHigher', level.path),
  viewMembers: (ctx: ActorContext, level: PolicyLevel) => holdsAt(ctx, 'managerLevelOrHigher', level.path),
  createChild: adminAt,
  rename: adminAt,
  reorder: adminAt,
  move: adminAt,
  moveInto: adminAt,
  delete: adminAt,
} as const;

/**
 * The allowed actions a navigation answer carries for its level: the rules above plus the level's state (the top
 * level is never moved or deleted; a move needs somewhere outside the level's own subtree to go).
 */
export function allowedLevelActions(ctx: ActorContext, level: PolicyLevel): LevelAllowedActions {
  const root = level.parentId === null;
  return {
    createChild: levelPolicy.createChild(ctx, level),
    rename: levelPolicy.rename(ctx, level),
    move:
      !root &&
      levelPolicy.move(ctx, level) &&
      reachablePaths(ctx, 'adminLevel').some((top) => !isAtOrBelow(top, level.path)),
    delete: !root && levelPolicy.delete(ctx, level),
    reorder: levelPolicy.reorder(ctx, level),
  };
}

/**
 * The ids of the children of `parentPath` that lie on the way to one of the actor's own levels: all a plain member
 * sees below a level where they hold no manager role.
 */
export function childIdsTowardGrants(ctx: ActorContext, parentPath: string): Set<string> {
  const ids = new Set<string>();
  for (const g of ctx.grants) {
    if (g.levelPath.length <= parentPath.length || !isAtOrBelow(g.levelPath, parentPath)) continue;
    const next = g.levelPath.slice(parentPath.length).split('/')[0];
    if (next) ids.add(next);
  }
  return ids;
}

const roleStrength = [Role.TouchlineAdmin, Role.Admin, Role.AccountManager, Role.Director, Role.Manager];

/** The strongest organization role the actor holds at a level (the session's currentLevelRole), or null. */
export function strongestRoleAt(ctx: ActorContext, levelPath: string): string | null {
  const roles = rolesAt(ctx, levelPath);
  return roleStrength.find((role) => roles.includes(role)) ?? null;
}
