import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { liveOrganizationOfProfile, liveProfilesOfUser } from '../../authz/live-queries.ts';
import type { Executor } from '../../db/client.ts';
import {
  hierarchyLevels,
  labels,
  organizations,
  profileContactInformations,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';

/**
 * The active level roles of a profile, only if the profile belongs to the user: a token naming someone else's
 * profile reads as no roles at all.
 */
export function levelRolesOfProfile(db: Executor, userId: string, profileId: string) {
  return db
    .select({
      profileLevelAccessId: profileLevelAccesses.id,
      hierarchyLevelId: hierarchyLevels.id,
      levelName: hierarchyLevels.name,
      labelId: labels.id,
      roleLabel: labels.name,
    })
    .from(profileLevelAccesses)
    .innerJoin(
      profiles,
      and(
        eq(profiles.id, profileLevelAccesses.profileId),
        eq(profiles.organizationId, profileLevelAccesses.organizationId),
      ),
    )
    .innerJoin(
      hierarchyLevels,
      and(
        eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
        eq(hierarchyLevels.organizationId, profileLevelAccesses.organizationId),
      ),
    )
    .innerJoin(
      labels,
      and(
        eq(labels.id, profileLevelAccesses.labelId),
        eq(labels.organizationId, profileLevelAccesses.organizationId),
      ),
    )
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.appUserId, userId),
        isNull(profiles.deletedAt),
        isNull(profileLevelAccesses.deletedAt),
        isNull(hierarchyLevels.deletedAt),
      ),
    )
    .orderBy(asc(hierarchyLevels.depth), asc(hierarchyLevels.name));
}

/** The columns of a profile the profile calls read and authorize with. */
const profileColumns = {
  id: profiles.id,
  organizationId: profiles.organizationId,
  appUserId: profiles.appUserId,
  guardianProfileId: profiles.guardianProfileId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: profiles.email,
  dateOfBirth: profiles.dateOfBirth,
  photoFileId: profiles.photoFileId,
};

/** A live profile as loaded by the profile calls. */
export type ProfileRow = {
  id: string;
  organizationId: string;
  appUserId: string | null;
  guardianProfileId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  dateOfBirth: string | null;
  photoFileId: string | null;
};

/** A live access with its level (name, path for the rules) and label (name, carried role). */
export type AccessRow = Awaited<ReturnType<typeof accessesWhere>>[number];

/** Accesses that are live at live levels, matching `where`; the level and label must be of the same organization. */
function accessesWhere(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: profileLevelAccesses.id,
      profileId: profileLevelAccesses.profileId,
      organizationId: profileLevelAccesses.organizationId,
      hierarchyLevelId: profileLevelAccesses.hierarchyLevelId,
      levelName: hierarchyLevels.name,
      levelPath: hierarchyLevels.path,
      labelId: labels.id,
      roleLabel: labels.name,
      role: labels.role,
      groupMembershipStatus: profileLevelAccesses.groupMembershipStatus,
      overallStatus: profileLevelAccesses.overallStatus,
      externalId: profileLevelAccesses.externalId,
      createdAt: profileLevelAccesses.createdAt,
    })
    .from(profileLevelAccesses)
    .innerJoin(
      hierarchyLevels,
      and(
        eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
        eq(hierarchyLevels.organizationId, profileLevelAccesses.organizationId),
        isNull(hierarchyLevels.deletedAt),
      ),
    )
    .innerJoin(
      labels,
      and(
        eq(labels.id, profileLevelAccesses.labelId),
        eq(labels.organizationId, profileLevelAccesses.organizationId),
      ),
    )
    .where(and(isNull(profileLevelAccesses.deletedAt), where))
    .orderBy(asc(hierarchyLevels.depth), asc(hierarchyLevels.name), asc(profileLevelAccesses.createdAt));
}

/** The live accesses of some profiles of one organization, topmost level first. */
export function accessesOfProfiles(db: Executor, organizationId: string, profileIds: readonly string[]) {
  if (profileIds.length === 0) return Promise.resolve([]);
  return accessesWhere(
    db,
    and(
      eq(profileLevelAccesses.organizationId, organizationId),
      inArray(profileLevelAccesses.profileId, [...profileIds]),
    ),
  );
}

/**
 * The live accesses of the user's own profiles across their organizations (spec §3 profilesWithPlas): the one read
 * that spans tenants, scoped by the profiles the user owns instead of by one organization.
 */
export function accessesOfUserProfiles(db: Executor, profilesByOrganization: readonly ProfileRow[]) {
  if (profilesByOrganization.length === 0) return Promise.resolve([]);
  return accessesWhere(
    db,
    or(
      ...profilesByOrganization.map((p) =>
        and(
          eq(profileLevelAccesses.organizationId, p.organizationId),
          eq(profileLevelAccesses.profileId, p.id),
        ),
      ),
    ),
  );
}

/** One live access of an organization, or undefined (missing, archived or another organization's). */
export async function findAccess(db: Executor, organizationId: string, accessId: string) {
  const [row] = await accessesWhere(
    db,
    and(eq(profileLevelAccesses.organizationId, organizationId), eq(profileLevelAccesses.id, accessId)),
  );
  return row;
}

/** The live accesses of an organization carrying a partner's external id, within the given level subtrees. */
export function accessesByExternalId(
  db: Executor,
  organizationId: string,
  externalId: string,
  levelPaths: readonly string[],
) {
  if (levelPaths.length === 0) return Promise.resolve([]);
  return accessesWhere(
    db,
    and(
      eq(profileLevelAccesses.organizationId, organizationId),
      eq(profileLevelAccesses.externalId, externalId),
      or(...levelPaths.map((path) => sql`${hierarchyLevels.path} like ${`${path}%`}`)),
    ),
  );
}

/** One live profile of an organization, or undefined (missing, deleted or another organization's). */
export async function findProfile(
  db: Executor,
  organizationId: string,
  profileId: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, organizationId),
        eq(profiles.id, profileId),
        isNull(profiles.deletedAt),
      ),
    );
  return row;
}

/** The live profiles a guardian profile looks after, in one organization. */
export function childProfilesOf(
  db: Executor,
  organizationId: string,
  guardianProfileId: string,
): Promise<ProfileRow[]> {
  return db
    .select(profileColumns)
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, organizationId),
        eq(profiles.guardianProfileId, guardianProfileId),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(asc(profiles.firstName), asc(profiles.lastName));
}

/** The user's live profiles in live organizations, with each organization's name; optionally in one organization. */
export function profilesOfUser(db: Executor, userId: string, organizationId?: string) {
  return db
    .select({ ...profileColumns, organizationName: organizations.name })
    .from(profiles)
    .innerJoin(organizations, liveOrganizationOfProfile())
    .where(liveProfilesOfUser(userId, organizationId))
    .orderBy(asc(organizations.name));
}

/** The name of a live organization, or undefined. */
export async function organizationNameOf(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)));
  return row?.name;
}

/** The id of a profile's contact information row, or null when it has none yet. */
export async function contactInformationIdOf(db: Executor, organizationId: string, profileId: string) {
  const [row] = await db
    .select({ id: profileContactInformations.id })
    .from(profileContactInformations)
    .where(
      and(
        eq(profileContactInformations.organizationId, organizationId),
        eq(profileContactInformations.profileId, profileId),
      ),
    );
  return row?.id ?? null;
}
