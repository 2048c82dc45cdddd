import type { Deps, RequestContext } from '../../deps.ts';
import type { ActiveProfile } from '@touchline/contracts/profiles';
import { AccessTokenClaim, Role } from '@touchline/contracts/roles';
import { organizationRoles } from '../../authz/actor-context.ts';
import { holdsAnywhere } from '../../authz/rules.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../../plugins/authenticate.ts';
import { organizationPhotoUrl } from '../organizations/organizations.service.ts';
import { pendingReviewCount } from './pending-review-count.ts';
import { profilePhotoUrl } from './profile-photo.ts';
import { presentAccess, presentProfileWithPlas } from './profiles.presenter.ts';
import {
  accessesOfUserProfiles,
  contactInformationIdOf,
  levelRolesOfProfile,
  organizationNameOf,
  profilesOfUser,
} from './profiles.queries.ts';
import {
  awaitingIndividualPaymentContent,
  memberPaymentInfo,
  organizationPaymentMethodProvided,
} from '../billing/billing.service.ts';
import { yardstikActivationOf } from '../background-checks/background-checks.service.ts';
import { partnerOfAccesses } from '../partners/partner-of-profile.service.ts';

const claimText = (claims: Record<string, unknown>, name: string) => {
  const value = claims[name];
  return typeof value === 'string' ? value : '';
};

const claimList = (claims: Record<string, unknown>, name: string) => {
  const value = claims[name];
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/**
 * The 404 for a user id that is not the caller's own. A platform admin gets it too: the active profile mixes the
 * caller's token claims into the answer, so reading it "as" someone else could only ever be wrong.
 */
export function assertOwnUserId(actor: Pick<Actor, 'userId'>, appUserId: string) {
  if (appUserId !== actor.userId) throw notFound('Profile');
}

/**
 * GET /api/app/profile?AppUserId (spec §3 active profile): the signed-in user in their current organization. Names,
 * e-mail and tabs come from the token, roles from the live grants (ADR 007); the current level starts at the
 * profile's topmost access. `claims` are the caller's token claims (names, e-mail, tabs).
 */
export async function getActiveProfile(
  deps: Deps,
  ctx: RequestContext,
  input: { appUserId: string; claims: Record<string, unknown> },
): Promise<ActiveProfile> {
  assertOwnUserId(ctx, input.appUserId);
  const { claims } = input;
  const db = deps.db;
  const [organizationName, levelRoles, contactId, ownProfiles] = await Promise.all([
    organizationNameOf(db, ctx.organizationId),
    levelRolesOfProfile(db, ctx.userId, ctx.profileId),
    contactInformationIdOf(db, ctx.organizationId, ctx.profileId),
    profilesOfUser(db, ctx.userId),
  ]);
  const current = ownProfiles.find((p) => p.id === ctx.profileId);
  if (organizationName === undefined || !current) throw notFound('Profile');
  const accesses = await accessesOfUserProfiles(db, ownProfiles);
  const pictures = await Promise.all(ownProfiles.map((p) => profilePhotoUrl(deps, p)));
  const profilesWithPlas = ownProfiles.map((p, i) =>
    presentProfileWithPlas(p, p.organizationName, pictures[i] ?? null, accesses),
  );
  const currentWithPlas = profilesWithPlas.find((p) => p.id === ctx.profileId);
  const topmost = accesses.find((a) => a.profileId === ctx.profileId);
  const roles: string[] = organizationRoles(ctx.grants);
  if (ctx.platformAdmin) roles.push(Role.TouchlineAdmin);
  const reviewer = holdsAnywhere(ctx, 'directorLevelOrHigher');
  const member = topmost ? { profileId: ctx.profileId, plaId: topmost.id } : null;
  return {
    id: ctx.profileId,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    organizationPhoto: await organizationPhotoUrl(deps, ctx.organizationId),
    organizationName,
    organizationPaymentMethodProvided: await organizationPaymentMethodProvided(deps, ctx.organizationId),
    organizationContent: [],
    userAwaitingIndividualPaymentContent: await awaitingIndividualPaymentContent(
      deps,
      ctx.organizationId,
      member,
    ),
    ...(await memberPaymentInfo(deps, ctx.organizationId, member)),
    hierarchyLevelId: topmost?.hierarchyLevelId ?? null,
    currentLevelId: topmost?.hierarchyLevelId ?? null,
    currentLevelName: topmost?.levelName ?? null,
    currentLevelRole: topmost?.roleLabel ?? null,
    firstName: claimText(claims, AccessTokenClaim.FirstName),
    lastName: claimText(claims, AccessTokenClaim.LastName),
    email: claimText(claims, AccessTokenClaim.Email),
    tabs: claimList(claims, AccessTokenClaim.Tabs),
    roles,
    levelRoles,
    remember: false,
    pendingReviewCount: reviewer ? await pendingReviewCount(db, ctx) : null,
    profileContactInformationId: contactId,
    profileId: ctx.profileId,
    profilePicture: currentWithPlas?.profilePicture ?? null,
    profileLevelAccesses: accesses.filter((a) => a.profileId === ctx.profileId).map(presentAccess),
    profilesWithPlas,
    partner: await partnerOfAccesses(deps, ctx, undefined),
    yardstikOnboardingStatus: holdsAnywhere(ctx, 'adminLevel')
      ? await yardstikActivationOf(db, ctx.organizationId)
      : null,
  };
}
