import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hierarchyLevels, labels, profileLevelAccesses, profiles } from '../../db/schema/index.ts';

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
