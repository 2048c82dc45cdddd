import { and, asc, eq, isNull } from 'drizzle-orm';
import { Role } from '@touchline/contracts/roles';
import type { Executor } from '../db/client.ts';
import {
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../db/schema/index.ts';

// What "live" means where several modules ask the same question: the rows not deleted, in the organization asked
// about (ADR 007), so the actor context, the modules and their last-Admin checks cannot drift apart.

/** The join conditions from a live access to its live profile, its live level and its label, in one organization. */
export function liveAccessJoins(organizationId: string) {
  return {
    profile: and(
      eq(profiles.id, profileLevelAccesses.profileId),
      eq(profiles.organizationId, organizationId),
      isNull(profiles.deletedAt),
    ),
    level: and(
      eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
      eq(hierarchyLevels.organizationId, organizationId),
      isNull(hierarchyLevels.deletedAt),
    ),
    label: and(eq(labels.id, profileLevelAccesses.labelId), eq(labels.organizationId, organizationId)),
  };
}

/** The condition on an access itself: in the organization and not archived. */
export function liveAccessIn(organizationId: string) {
  return and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt));
}

/** The join from a profile to its organization, only while that organization is not deleted. */
export function liveOrganizationOfProfile() {
  return and(eq(organizations.id, profiles.organizationId), isNull(organizations.deletedAt));
}

/** The condition on a user's live profiles, optionally only those in one organization. */
export function liveProfilesOfUser(userId: string, organizationId?: string) {
  return and(
    eq(profiles.appUserId, userId),
    isNull(profiles.deletedAt),
    organizationId === undefined ? undefined : eq(profiles.organizationId, organizationId),
  );
}

/** The user's earliest live profile in a live organization, or undefined when they have none there. */
export async function profileOfUserIn(db: Executor, userId: string, organizationId: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(organizations, liveOrganizationOfProfile())
    .where(liveProfilesOfUser(userId, organizationId))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(1);
  return row;
}

/**
 * The live accesses at the top level whose live label carries Admin, with their label, locked for the transaction:
 * the members' and the labels' last-Admin checks read it, so a role change, an archive and a label's new role
 * cannot together remove the last Admin.
 */
export function lockRootAdminAccesses(tx: Executor, organizationId: string) {
  const on = liveAccessJoins(organizationId);
  return tx
    .select({ id: profileLevelAccesses.id, labelId: profileLevelAccesses.labelId })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .innerJoin(hierarchyLevels, and(on.level, isNull(hierarchyLevels.parentId)))
    .innerJoin(labels, and(on.label, isNull(labels.deletedAt)))
    .where(and(liveAccessIn(organizationId), eq(labels.role, Role.Admin)))
    .for('update', { of: profileLevelAccesses });
}

/** The organization's live top level (no parent): the level whose path organization-wide admin rules are checked at. */
export async function liveRootLevel(db: Executor, organizationId: string) {
  const [root] = await db
    .select({ id: hierarchyLevels.id, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.organizationId, organizationId),
        isNull(hierarchyLevels.parentId),
        isNull(hierarchyLevels.deletedAt),
      ),
    )
    .orderBy(asc(hierarchyLevels.createdAt))
    .limit(1);
  return root;
}

/**
 * Serializes changes of one organization's library or labels for the rest of the transaction (name checks, the
 * default switch, ordering). NO KEY UPDATE leaves inserts that merely reference the organization unblocked.
 */
export async function lockOrganizationRow(tx: Executor, organizationId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
}

/** A live level of the organization with its name and path, or undefined (another organization's is not found). */
export async function findLiveLevel(db: Executor, organizationId: string, levelId: string) {
  const [level] = await db
    .select({ id: hierarchyLevels.id, name: hierarchyLevels.name, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.organizationId, organizationId),
        eq(hierarchyLevels.id, levelId),
        isNull(hierarchyLevels.deletedAt),
      ),
    );
  return level;
}
