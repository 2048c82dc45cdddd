import { aliasedTable, and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { shareableRequirementTypes } from '@touchline/contracts/credential-sharing';
import type { ShareDestination } from '@touchline/contracts/credential-sharing';
import type { Executor } from '../../db/client.ts';
import {
  credentialShares,
  hierarchyLevels,
  memberRequirements,
  organizations,
  profileLevelAccesses,
  profiles,
  receivedCredentials,
  requirementDefinitions,
} from '../../db/schema/index.ts';

// Tenant-scoped reads of credential sharing (ADR 049). Every query names the organization it reads; the only reads
// of another organization are the actor's own memberships there (their profile, or their child's), by their user id.

/** A profile of the actor's organization (live), with what sharing checks read; undefined when not found. */
export async function loadProfile(db: Executor, organizationId: string, profileId: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      dateOfBirth: profiles.dateOfBirth,
      guardianProfileId: profiles.guardianProfileId,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.organizationId, organizationId),
        isNull(profiles.deletedAt),
      ),
    );
  return row;
}

/** The level paths of a profile's live accesses (who manages the member). */
export async function accessPathsOf(db: Executor, organizationId: string, profileId: string) {
  const rows = await db
    .select({ path: profileLevelAccesses.levelPath })
    .from(profileLevelAccesses)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        eq(profileLevelAccesses.profileId, profileId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  return rows.map((r) => r.path);
}

/** A profile's active requirements of the shareable types, with their definitions. */
export function shareableRequirementsOf(db: Executor, organizationId: string, profileId: string) {
  return db
    .select({ requirement: memberRequirements, definition: requirementDefinitions })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.organizationId, organizationId),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.profileId, profileId),
        eq(memberRequirements.active, true),
        inArray(requirementDefinitions.type, [...shareableRequirementTypes]),
      ),
    )
    .orderBy(asc(requirementDefinitions.sortOrder), asc(requirementDefinitions.id));
}

const guardian = aliasedTable(profiles, 'guardian');
const liveAccess = (profileId: typeof profiles.id) =>
  sql`exists (select 1 from profile_level_accesses a where a.organization_id = ${profiles.organizationId}
    and a.profile_id = ${profileId} and a.deleted_at is null)`;

/**
 * Where a profile's credentials may go: for the member themself, their own live memberships in other live
 * organizations (profiles of the same user); for a guardian's child, the children they are guardian of there, whose
 * date of birth does not contradict this child's. Nothing else of another organization is read.
 */
export async function destinationsOf(
  db: Executor,
  ctx: { userId: string; organizationId: string },
  profile: { id: string; dateOfBirth: string | null },
  as: 'self' | 'guardian',
): Promise<ShareDestination[]> {
  const base = db
    .select({
      profileId: profiles.id,
      organizationId: organizations.id,
      organizationName: organizations.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(profiles)
    .innerJoin(
      organizations,
      and(eq(organizations.id, profiles.organizationId), isNull(organizations.deletedAt)),
    );
  const common = and(
    ne(profiles.organizationId, ctx.organizationId),
    isNull(profiles.deletedAt),
    liveAccess(profiles.id),
  );
  const rows =
    as === 'self'
      ? await base.where(and(common, eq(profiles.appUserId, ctx.userId)))
      : await base
          .innerJoin(
            guardian,
            and(
              eq(guardian.id, profiles.guardianProfileId),
              eq(guardian.organizationId, profiles.organizationId),
              eq(guardian.appUserId, ctx.userId),
              isNull(guardian.deletedAt),
            ),
          )
          .where(
            and(
              common,
              profile.dateOfBirth === null
                ? undefined
                : or(isNull(profiles.dateOfBirth), eq(profiles.dateOfBirth, profile.dateOfBirth)),
            ),
          );
  return rows
    .map((r) => ({
      profileId: r.profileId,
      organizationId: r.organizationId,
      organizationName: r.organizationName,
      memberName: `${r.firstName} ${r.lastName}`,
    }))
    .sort(
      (a, b) =>
        a.organizationName.localeCompare(b.organizationName) || a.profileId.localeCompare(b.profileId),
    );
}

/** The consents given for a profile's credentials (live and revoked), newest first, with the receiver's name. */
export function sharesOf(db: Executor, organizationId: string, profileId: string) {
  return db
    .select({ share: credentialShares, targetOrganizationName: organizations.name })
    .from(credentialShares)
    .innerJoin(organizations, eq(organizations.id, credentialShares.targetOrganizationId))
    .where(
      and(eq(credentialShares.organizationId, organizationId), eq(credentialShares.profileId, profileId)),
    )
    .orderBy(desc(credentialShares.createdAt), desc(credentialShares.id));
}

/** What a profile received (live and revoked), newest first. */
export function receivedOf(db: Executor, organizationId: string, profileId: string) {
  return db
    .select()
    .from(receivedCredentials)
    .where(
      and(
        eq(receivedCredentials.organizationId, organizationId),
        eq(receivedCredentials.profileId, profileId),
      ),
    )
    .orderBy(desc(receivedCredentials.createdAt), desc(receivedCredentials.id));
}

/** The active requirements of a profile by definition (names and types), for "satisfies". */
export function activeDefinitionsOf(db: Executor, organizationId: string, profileId: string) {
  return db
    .select({
      id: requirementDefinitions.id,
      name: requirementDefinitions.name,
      type: requirementDefinitions.type,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.profileId, profileId),
        eq(memberRequirements.active, true),
      ),
    );
}

/** The active requirements of a profile of one type (where a share's history is written on the receiving side). */
export function activeRequirementIdsOfType(
  db: Executor,
  organizationId: string,
  profileId: string,
  type: number,
) {
  return db
    .select({ id: memberRequirements.id })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.type, type),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.profileId, profileId),
        eq(memberRequirements.active, true),
      ),
    );
}

/** The live top level's path (the content library is managed there, ADR 013). */
export async function rootLevelPath(db: Executor, organizationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.organizationId, organizationId),
        isNull(hierarchyLevels.parentId),
        isNull(hierarchyLevels.deletedAt),
      ),
    )
    .limit(1);
  return row?.path;
}
