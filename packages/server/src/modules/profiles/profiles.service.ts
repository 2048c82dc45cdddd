import type { ActorRequestContext, Deps, RequestContext } from '../../deps.ts';
import { externalIdRequiredMessage } from '@touchline/contracts/messages';
import type { PartnerOfProfile } from '@touchline/contracts/partners';
import { partnerOfAccesses } from '../partners/partner-of-profile.service.ts';
import type {
  LevelRole,
  Profile,
  ProfileLevelAccess,
  ProfileOrganization,
  ProfileWithPlas,
} from '@touchline/contracts/profiles';
import type { ActorContext } from '../../authz/actor-context.ts';
import { authorize, reachablePaths } from '../../authz/rules.ts';
import type { Executor } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import { assertOwnUserId } from './active-profile.service.ts';
import { profilePhotoUrl } from './profile-photo.ts';
import { profilePolicy, type ProfileTarget } from './profiles.policy.ts';
import { presentAccess, presentProfile, presentProfileWithPlas } from './profiles.presenter.ts';
import {
  accessesByExternalId,
  accessesOfProfiles,
  childProfilesOf,
  findAccess,
  findProfile,
  levelRolesOfProfile,
  organizationNameOf,
  profilesOfUser,
  type AccessRow,
  type ProfileRow,
} from './profiles.queries.ts';

/** The signed-in user's level roles in their current profile (spec §4: loaded at sign-in); none without a profile. */
export async function listLevelRoles(deps: Pick<Deps, 'db'>, ctx: ActorRequestContext): Promise<LevelRole[]> {
  if (!ctx.profileId) return [];
  return levelRolesOfProfile(deps.db, ctx.userId, ctx.profileId);
}

/**
 * A profile of the actor's organization with what the rules read (its levels), or 404: another organization's
 * profile is simply not found. Shared by every call that reads or changes one profile.
 */
export async function loadProfileTarget(
  db: Executor,
  ctx: ActorContext,
  profileId: string,
): Promise<{ profile: ProfileRow; target: ProfileTarget; accesses: AccessRow[] }> {
  const profile = await findProfile(db, ctx.organizationId, profileId);
  if (!profile) throw notFound('Profile');
  const accesses = await accessesOfProfiles(db, ctx.organizationId, [profile.id]);
  return { profile, target: { ...profile, levelPaths: accesses.map((a) => a.levelPath) }, accesses };
}

/**
 * GET /api/app/profile/organizations?AppUserId: every organization the user has a live profile in, with that
 * profile, so the user can switch between them. Needs no selected organization (it is how one is chosen).
 */
export async function listUserOrganizations(
  deps: Pick<Deps, 'db'>,
  ctx: ActorRequestContext,
  { appUserId }: { appUserId: string },
): Promise<ProfileOrganization[]> {
  const db = deps.db;
  assertOwnUserId(ctx, appUserId);
  const rows = await profilesOfUser(db, ctx.userId);
  return rows.map((p) => ({
    organizationId: p.organizationId,
    organizationName: p.organizationName,
    profileId: p.id,
    isCurrent: p.id === ctx.profileId,
  }));
}

/** GET /api/app/profile/organization-profile-level-accesses: the user's accesses in one of their organizations. */
export async function listOrganizationAccesses(
  deps: Pick<Deps, 'db'>,
  ctx: ActorRequestContext,
  query: { appUserId: string; organizationId: string },
): Promise<ProfileLevelAccess[]> {
  const db = deps.db;
  assertOwnUserId(ctx, query.appUserId);
  const own = await profilesOfUser(db, ctx.userId, query.organizationId);
  if (own.length === 0) throw notFound('Profile');
  const accesses = await accessesOfProfiles(
    db,
    query.organizationId,
    own.map((p) => p.id),
  );
  return accesses.map(presentAccess);
}

/** GET /api/app/profile/{profileId}/profile-level-accesses: one profile's accesses, for those who may read it. */
export async function listProfileAccesses(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { profileId }: { profileId: string },
): Promise<ProfileLevelAccess[]> {
  const db = deps.db;
  const { target, accesses } = await loadProfileTarget(db, ctx, profileId);
  authorize(profilePolicy.view(ctx, target));
  return accesses.map(presentAccess);
}

/** GET /api/app/profile/by-profile-level-access/{id}: the profile an access belongs to, under the same rules. */
export async function getProfileByAccess(
  deps: Deps,
  ctx: RequestContext,
  { accessId }: { accessId: string },
): Promise<Profile> {
  const db = deps.db;
  const access = await findAccess(db, ctx.organizationId, accessId);
  if (!access) throw notFound('Profile level access');
  const { profile, target } = await loadProfileTarget(db, ctx, access.profileId);
  authorize(profilePolicy.view(ctx, target));
  const organizationName = (await organizationNameOf(db, ctx.organizationId)) ?? '';
  return presentProfile(profile, organizationName, await profilePhotoUrl(deps, profile));
}

/**
 * GET /api/app/profile/plas-by-external-id/{externalId}: the accesses a league partner's member id maps to, within
 * the levels the actor manages. A blank id is the spec's 400 'externalId is required' (§5).
 */
export async function listAccessesByExternalId(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { externalId }: { externalId: string | undefined },
): Promise<ProfileLevelAccess[]> {
  const db = deps.db;
  authorize(profilePolicy.findByExternalId(ctx));
  const id = externalId?.trim() ?? '';
  if (id === '')
    throw invalid(
      [{ field: 'externalId', in: 'params', message: externalIdRequiredMessage }],
      externalIdRequiredMessage,
    );
  const rows = await accessesByExternalId(
    db,
    ctx.organizationId,
    id,
    reachablePaths(ctx, 'managerLevelOrHigher'),
  );
  return rows.map(presentAccess);
}

/**
 * GET /api/app/profile/child-profiles (ours): the profiles the current profile is guardian of, with their accesses,
 * for the partner return path /groupAccountDashboard ("edit child profile info").
 */
export async function listChildProfiles(deps: Deps, ctx: RequestContext): Promise<ProfileWithPlas[]> {
  const db = deps.db;
  const children = await childProfilesOf(db, ctx.organizationId, ctx.profileId);
  const [organizationName, accesses, pictures] = await Promise.all([
    organizationNameOf(db, ctx.organizationId),
    accessesOfProfiles(
      db,
      ctx.organizationId,
      children.map((c) => c.id),
    ),
    Promise.all(children.map((c) => profilePhotoUrl(deps, c))),
  ]);
  return children.map((c, i) =>
    presentProfileWithPlas(c, organizationName ?? '', pictures[i] ?? null, accesses),
  );
}

/**
 * GET /api/app/profile/partner-from-current-profile[/{profileLevelAccessId}]: the league-management partner a
 * membership came from (issue 31), or null: the named access (one of the organization's that the actor may read:
 * 404 / 403 as for the profile calls), else the current profile's own accesses.
 */
export async function findPartner(
  deps: Pick<Deps, 'db' | 'integrations' | 'appUrl'>,
  ctx: RequestContext,
  { accessId }: { accessId: string | undefined },
): Promise<PartnerOfProfile | null> {
  const db = deps.db;
  if (accessId !== undefined) {
    const access = await findAccess(db, ctx.organizationId, accessId);
    if (!access) throw notFound('Profile level access');
    const { target } = await loadProfileTarget(db, ctx, access.profileId);
    authorize(profilePolicy.view(ctx, target));
  }
  return partnerOfAccesses(deps, ctx, accessId);
}
export { profilePhotoUrl } from './profile-photo.ts';
