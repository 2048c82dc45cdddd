import type { Profile, ProfileLevelAccess, ProfileWithPlas } from '@touchline/contracts/profiles';
import type { AccessRow, ProfileRow } from './profiles.queries.ts';

/** One access as the profile calls return it (the level path stays inside: it is for the rules). */
export function presentAccess(row: AccessRow): ProfileLevelAccess {
  return {
    id: row.id,
    profileId: row.profileId,
    organizationId: row.organizationId,
    hierarchyLevelId: row.hierarchyLevelId,
    levelName: row.levelName,
    labelId: row.labelId,
    roleLabel: row.roleLabel,
    role: row.role,
    groupMembershipStatus: row.groupMembershipStatus,
    overallStatus: row.overallStatus,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One profile as the profile calls return it, with its organization's name and its photo's signed link. */
export function presentProfile(
  row: ProfileRow,
  organizationName: string,
  profilePicture: string | null,
): Profile {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName,
    appUserId: row.appUserId,
    guardianProfileId: row.guardianProfileId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    profilePicture,
  };
}

/** A profile with the accesses among `accesses` that are its own. */
export function presentProfileWithPlas(
  row: ProfileRow,
  organizationName: string,
  profilePicture: string | null,
  accesses: readonly AccessRow[],
): ProfileWithPlas {
  return {
    ...presentProfile(row, organizationName, profilePicture),
    profileLevelAccesses: accesses.filter((a) => a.profileId === row.id).map(presentAccess),
  };
}
