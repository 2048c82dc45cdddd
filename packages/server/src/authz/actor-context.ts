import { and, eq, isNull } from 'drizzle-orm';
import { Role, type LabelRole } from '@touchline/contracts/roles';
import type { Executor } from '../db/client.ts';
import {
  hierarchyLevels,
  labels,
  organizationAuthzVersions,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../db/schema/index.ts';
import type { Actor, ActorContext, Grant } from './actor-types.ts';
import { sharedRead, type CachedContext, type RequestCaches } from './request-caches.ts';
import { liveAccessIn, liveAccessJoins, liveOrganizationOfProfile } from './live-queries.ts';

export type { ActorContext, Grant } from './actor-types.ts';

/**
 * Loads the actor's context from the token's CurrentProfileId, only if that profile belongs to the user and its
 * organization exists; otherwise null (no organization selected).
 */
export async function loadActorContext(db: Executor, actor: Actor): Promise<ActorContext | null> {
  const loaded = await loadVersionedContext(db, actor);
  return loaded && withPlatformRole(loaded.context, actor);
}

/**
 * The context with the organization's authorization version read in the same statement as the profile (ADR 026):
 * the grants are read after it, so a context is never older than the version it is kept with.
 */
async function loadVersionedContext(db: Executor, actor: Actor): Promise<CachedContext | null> {
  if (!actor.profileId) return null;
  const [profile] = await db
    .select({
      id: profiles.id,
      organizationId: profiles.organizationId,
      version: organizationAuthzVersions.version,
    })
    .from(profiles)
    .innerJoin(organizations, liveOrganizationOfProfile())
    .leftJoin(
      organizationAuthzVersions,
      eq(organizationAuthzVersions.organizationId, profiles.organizationId),
    )
    .where(
      and(eq(profiles.id, actor.profileId), eq(profiles.appUserId, actor.userId), isNull(profiles.deletedAt)),
    );
  if (!profile) return null;
  const grants = await grantsOfProfile(db, profile.organizationId, profile.id);
  return {
    context: { userId: actor.userId, profileId: profile.id, organizationId: profile.organizationId, grants },
    version: profile.version ?? 0,
  };
}

const withPlatformRole = (context: CachedContext['context'], actor: Actor): ActorContext => ({
  ...context,
  platformAdmin: actor.roles.includes(Role.TouchlineAdmin),
});

/** The organization's authorization version: one primary-key read (0 before its first authorization write). */
async function authzVersionOf(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ version: organizationAuthzVersions.version })
    .from(organizationAuthzVersions)
    .where(eq(organizationAuthzVersions.organizationId, organizationId));
  return row?.version ?? 0;
}

/**
 * The actor's context through the server's cache (ADR 026): a context cached for this profile and user is used when
 * its organization's authorization version has not moved since it was loaded — one primary-key read instead of the
 * profile and grants queries. Every write that can change a context moves the version in its own transaction (the
 * triggers of migration 0012), so a role change or an archive, made through any server, applies on the next request.
 */
export async function cachedActorContext(
  db: Executor,
  actor: Actor,
  caches: RequestCaches,
): Promise<ActorContext | null> {
  if (!caches.enabled || !actor.profileId) return loadActorContext(db, actor);
  const hit = caches.contexts.get(actor.profileId);
  if (hit && hit.context.userId === actor.userId) {
    const { organizationId } = hit.context;
    if ((await sharedRead(caches, organizationId, () => authzVersionOf(db, organizationId))) === hit.version)
      return withPlatformRole(hit.context, actor);
  }
  const loaded = await loadVersionedContext(db, actor);
  if (!loaded) {
    caches.contexts.delete(actor.profileId);
    return null;
  }
  caches.contexts.set(actor.profileId, loaded);
  return withPlatformRole(loaded.context, actor);
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
