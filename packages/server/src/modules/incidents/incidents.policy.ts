import { Role } from '@touchline/contracts/roles';
import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt, isAtOrBelow, reachablePaths, rolesAt } from '../../authz/rules.ts';

// Who may do what with incidents and conditions (ADR 040). Pure: the loaded actor, settings and rows only.

/** The roles the organization grants incident access to; the defaults when it set none. */
export const defaultIncidentAccessRoles: readonly string[] = [Role.Admin, Role.Director];

/** Incident access at a level: one of the granted roles there or above, or the platform role. */
export function managesIncidentsAt(
  ctx: ActorContext,
  accessRoles: readonly string[],
  levelPath: string,
): boolean {
  if (ctx.platformAdmin) return true;
  return rolesAt(ctx, levelPath).some((role) => accessRoles.includes(role));
}

/** The topmost level paths where the actor has incident access: lists are scoped by these. */
export function incidentManagerPaths(ctx: ActorContext, accessRoles: readonly string[]): string[] {
  if (ctx.platformAdmin) return ['/'];
  const paths = ctx.grants
    .filter((g) => g.role && accessRoles.includes(g.role))
    .map((g) => g.levelPath)
    .sort((a, b) => a.length - b.length);
  return paths.filter((p, i) => !paths.slice(0, i).some((top) => isAtOrBelow(p, top)));
}

/** Who sees open-incident counts (not contents) of a scope: manager level or higher there. */
export function seesIncidentCountsAt(ctx: ActorContext, levelPath: string): boolean {
  return holdsAt(ctx, 'managerLevelOrHigher', levelPath);
}

/** The topmost paths where the actor sees counts. */
export function countPaths(ctx: ActorContext): string[] {
  return reachablePaths(ctx, 'managerLevelOrHigher');
}

/**
 * Who may report at a level: anyone with a live access (any label, a coach's too) at that level or above, or the
 * guardian of a member who has one (`childPaths`: the levels of the actor's children).
 */
export function mayReportAt(ctx: ActorContext, levelPath: string, childPaths: readonly string[]): boolean {
  if (ctx.platformAdmin) return true;
  if (ctx.grants.some((g) => isAtOrBelow(levelPath, g.levelPath))) return true;
  return childPaths.some((p) => isAtOrBelow(levelPath, p));
}

/** How the actor reads one incident: as a manager, as its reporter, or not at all (404). */
export function incidentView(
  ctx: ActorContext,
  accessRoles: readonly string[],
  incident: { levelPath: string; reportedByProfileId: string },
): 'manager' | 'reporter' | null {
  if (managesIncidentsAt(ctx, accessRoles, incident.levelPath)) return 'manager';
  if (incident.reportedByProfileId === ctx.profileId) return 'reporter';
  return null;
}

/** The fields a reporter (without incident access) may record on their own report: the mandatory report and notes. */
export const reporterFields: readonly string[] = [
  'note',
  'authoritiesReportedAt',
  'authoritiesReportedTo',
  'safeSportReportedAt',
  'safeSportReference',
];

/**
 * How the actor sees a member's conditions: 'manager' (incident access at one of the member's levels: all, and may
 * set and lift), 'member' (the member or their guardian: all, and hands in clearances), 'coach' (manager level at
 * one of the member's levels: the Coaches ones), or null (403).
 */
export function conditionView(
  ctx: ActorContext,
  accessRoles: readonly string[],
  member: { profileId: string; guardianProfileId: string | null; levelPaths: readonly string[] },
): 'manager' | 'member' | 'coach' | null {
  if (member.levelPaths.some((p) => managesIncidentsAt(ctx, accessRoles, p))) return 'manager';
  if (ctx.platformAdmin) return 'manager';
  if (member.profileId === ctx.profileId || member.guardianProfileId === ctx.profileId) return 'member';
  if (member.levelPaths.some((p) => holdsAt(ctx, 'managerLevelOrHigher', p))) return 'coach';
  return null;
}
