import type { ActiveProfile } from '@touchline/contracts/profiles';
import { isDirectorLevelOrHigher, isManagerLevelOrHigher } from '@touchline/contracts/roles';

/** A level the signed-in profile manages, and whether it also reviews there. */
export type ManagedLevel = { levelId: string; levelName: string; roleLabel: string; reviews: boolean };

/** The home page shows at most this many levels; the tree reaches the rest. */
export const managedLevelLimit = 6;

/**
 * The levels whose compliance the home page summarizes: every level where the current organization's profile holds
 * a manager-or-higher role (a role applies below its level too, so one card per held level covers the rest). A level
 * held twice appears once, with the higher role's reach.
 */
export function managedLevels(profile: ActiveProfile): ManagedLevel[] {
  const byLevel = new Map<string, ManagedLevel>();
  for (const access of profile.profileLevelAccesses) {
    if (access.organizationId !== profile.organizationId || access.profileId !== profile.profileId) continue;
    const roles = access.role ? [access.role] : [];
    if (!isManagerLevelOrHigher(roles)) continue;
    const seen = byLevel.get(access.hierarchyLevelId);
    const reviews = isDirectorLevelOrHigher(roles) || (seen?.reviews ?? false);
    byLevel.set(access.hierarchyLevelId, {
      levelId: access.hierarchyLevelId,
      levelName: access.levelName,
      roleLabel: seen && seen.reviews && !isDirectorLevelOrHigher(roles) ? seen.roleLabel : access.roleLabel,
      reviews,
    });
  }
  return [...byLevel.values()].slice(0, managedLevelLimit);
}
