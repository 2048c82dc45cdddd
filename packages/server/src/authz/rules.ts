import {
  Role,
  isAccountManagerOnly,
  isAdminLevel,
  isDirectorLevelOrHigher,
  isManagerLevelOrHigher,
  isPlatformAdmin,
} from '@touchline/contracts/roles';
import { forbidden } from '../errors.ts';
import type { ActorContext } from './actor-context.ts';

/** The role checks of spec §6, by name, so policy tables read like the spec. */
export const roleChecks = {
  adminLevel: isAdminLevel,
  directorLevelOrHigher: isDirectorLevelOrHigher,
  managerLevelOrHigher: isManagerLevelOrHigher,
  accountManagerOnly: isAccountManagerOnly,
  platformAdmin: isPlatformAdmin,
} as const;
/** The name of one role check. */
export type RoleCheck = keyof typeof roleChecks;

/** True when the level at `path` is `ancestorPath` itself or lies below it (materialized paths, ADR 002). */
export function isAtOrBelow(path: string, ancestorPath: string): boolean {
  return path.startsWith(ancestorPath);
}

/** The roles the actor holds at a level: those of grants at that level or above it, plus the platform role. */
export function rolesAt(ctx: ActorContext, levelPath: string): string[] {
  const roles: string[] = ctx.grants.flatMap((g) =>
    g.role && isAtOrBelow(levelPath, g.levelPath) ? [g.role] : [],
  );
  if (ctx.platformAdmin) roles.push(Role.TouchlineAdmin);
  return roles;
}

/** The roles the actor holds anywhere in the organization (organization-wide checks such as the review badge). */
export function rolesAnywhere(ctx: ActorContext): string[] {
  const roles: string[] = ctx.grants.flatMap((g) => (g.role ? [g.role] : []));
  if (ctx.platformAdmin) roles.push(Role.TouchlineAdmin);
  return roles;
}

/** Whether a spec §6 check passes at a level, with level roles applying at their level and below. */
export function holdsAt(ctx: ActorContext, check: RoleCheck, levelPath: string): boolean {
  return roleChecks[check](rolesAt(ctx, levelPath));
}

/** Whether a spec §6 check passes anywhere in the organization. */
export function holdsAnywhere(ctx: ActorContext, check: RoleCheck): boolean {
  return roleChecks[check](rolesAnywhere(ctx));
}

/**
 * The topmost level paths where a check holds: every level the actor may act on under that check lies below one
 * of them. Lists and searches scope their queries with these. A platform admin reaches the whole tree ('/').
 */
export function reachablePaths(ctx: ActorContext, check: RoleCheck): string[] {
  if (ctx.platformAdmin && roleChecks[check]([Role.TouchlineAdmin])) return ['/'];
  const paths = ctx.grants
    .filter((g) => g.role && roleChecks[check]([g.role]))
    .map((g) => g.levelPath)
    .sort((a, b) => a.length - b.length);
  return paths.filter((p, i) => !paths.slice(0, i).some((top) => isAtOrBelow(p, top)));
}

/** The one way a service refuses: 403 unless the rule allowed it (ARCHITECTURE §3 step 4). */
export function authorize(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw forbidden(message);
}
