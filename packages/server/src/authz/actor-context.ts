import { and, eq, isNull } from 'drizzle-orm';
import { Role, type LabelRole } from '@touchline/contracts/roles';
import type { Executor } from '../db/client.ts';
import {
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../db/schema/index.ts';
import type { Actor } from '../plugins/authenticate.ts';
import { liveAccessIn, liveAccessJoins, liveOrganizationOfProfile } from './live-queries.ts';

/** One level role the actor holds: a role label at a level, applying there and at every level below (ADR 007). */
export type Grant = {
  profileLevelAccessId: string;
  hierarchyLevelId: string;
  levelPath: string;
  labelId: string;
  role: LabelRole | null;
};

/**
 * Who is asking, resolved against the database on every request: the organization of the current profile and the
 * level roles held there. Roles come from here, not the token, so a role change or an archived access takes effect
 * at once; only the platform role (TouchlineAdmin) is the identity's.
 */
export type ActorContext = {
  userId: string;
  profileId: string;
  organizationId: string;
  platformAdmin: boolean;
  grants: Grant[];
};

/**
 * Loads the actor's context from the token's CurrentProfileId, only if that profile belongs to the user and its
 * organization exists; otherwise null (no organization selected).
 */
export async function loadActorContext(db: Executor, actor: Actor): Promise<ActorContext | null> {
  if (!actor.profileId) return null;
  const [profile] = await db
    .select({ id: profiles.id, organizationId: profiles.organizationId })
    .from(profiles)
    .innerJoin(organizations, liveOrganizationOfProfile())
    .where(
      and(eq(profiles.id, actor.profileId), eq(profiles.appUserId, actor.userId), isNull(profiles.deletedAt)),
    );
  if (!profile) return null;
  const grants = await grantsOfProfile(db, profile.organizationId, profile.id);
  return {
    userId: actor.userId,
    profileId: profile.id,
    organizationId: profile.organizationId,
    platformAdmin: actor.roles.includes(Role.TouchlineAdmin),
    grants,
  };
}

/** The live level roles of one profile: accesses not archived, at levels not deleted. */
export function grantsOfProfile(db: Executor, organizationId: string, profileId: string): Promise<Grant[]> {
  const on = liveAccessJoins(organizationId);
  return db
    .select({
      profileLevelAccessId: profileLevelAccesses.id,
      hierarchyLevelId: hierarchyLevels.id,
      levelPath: hierarchyLevels.path,
      labelId: labels.id,
      role: labels.role,
    })
    .from(profileLevelAccesses)
    .innerJoin(hierarchyLevels, on.level)
    .innerJoin(labels, on.label)
    .where(and(liveAccessIn(organizationId), eq(profileLevelAccesses.profileId, profileId))) as Promise<
    Grant[]
  >;
}

/** The organization roles a profile holds anywhere in its tree: what the token's User/Role carries (ADR 007). */
export function organizationRoles(grants: readonly Grant[]): LabelRole[] {
  return [...new Set(grants.flatMap((g) => (g.role ? [g.role] : [])))];
}
