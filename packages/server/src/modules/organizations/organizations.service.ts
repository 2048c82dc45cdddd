import type { ActorRequestContext, Deps } from '../../deps.ts';
import {
  OrganizationFilePurpose,
  type OrganizationListResponse,
  type SelectOrganizationResponse,
} from '@touchline/contracts/organizations';
import { Role } from '@touchline/contracts/roles';
import { grantsOfProfile, organizationRoles } from '../../authz/actor-context.ts';
import { profileOfUserIn } from '../../authz/live-queries.ts';
import { recordAuditEvent, type AuditActor } from '../../db/audit.ts';
import { notFound } from '../../errors.ts';
import { fileLinkOf, openLinkedFile, storedPurpose } from './organization-files.service.ts';
import { presentOrganizationListItem } from './organizations.presenter.ts';
import { liveFilesOf, liveFilesOfOrganizations, organizationsOfUser } from './organizations.queries.ts';

/**
 * GET organization-list: the organizations where the user has a live profile linked to their account, by name,
 * each with its logo link; a platform admin (TouchlineAdmin in the token) sees every organization.
 */
export async function listOrganizations(
  deps: Deps,
  actor: ActorRequestContext,
  page: { PerPage: number; Page: number },
): Promise<OrganizationListResponse> {
  const db = deps.db;
  const { rows, totalCount } = await organizationsOfUser(db, actor.userId, {
    everyOrganization: actor.roles.includes(Role.TouchlineAdmin),
    limit: page.PerPage,
    offset: (page.Page - 1) * page.PerPage,
  });
  const photos = await liveFilesOfOrganizations(
    db,
    rows.map((r) => r.id),
    storedPurpose(OrganizationFilePurpose.Photo),
  );
  const photoOf = new Map(photos.reverse().map((p) => [p.organizationId, p]));
  const items = rows.map((row) => {
    const photo = photoOf.get(row.id);
    return presentOrganizationListItem(row, photo ? fileLinkOf(deps, photo).url : null);
  });
  return { items, totalCount };
}

/**
 * GET {id}/select-organization: makes the user's profile in that organization their current one and gives the
 * account the roles its labels carry (ADR 007); the web then refreshes its token. No live profile there → 404.
 * The identity service is switched first and the audit written after, so the trail records only what happened.
 */
export async function selectOrganization(
  deps: Deps,
  ctx: ActorRequestContext,
  input: { organizationId: string },
): Promise<SelectOrganizationResponse> {
  const db = deps.db;
  const { organizationId } = input;
  const { requestId, ...actor } = ctx;
  const profile = await profileOfUserIn(db, actor.userId, organizationId);
  if (!profile) throw notFound('Organization');
  const roles = organizationRoles(await grantsOfProfile(db, organizationId, profile.id));
  await deps.identityDirectory.setUserContext(actor.userId, { currentProfileId: profile.id, roles });
  const audit: AuditActor = { userId: actor.userId, profileId: profile.id, requestId };
  await recordAuditEvent(db, audit, {
    organizationId,
    action: 'organization.selected',
    entityType: 'profile',
    entityId: profile.id,
    data: { roles },
  });
  return { organizationId, profileId: profile.id, roles };
}

/**
 * The current link to an organization's photo (its logo), or null when it has none: what the active profile
 * shows as organizationPhoto. The link expires (fileLinkOf), so callers ask again rather than store it.
 */
export async function organizationPhotoUrl(deps: Deps, organizationId: string): Promise<string | null> {
  const [photo] = await liveFilesOf(deps.db, organizationId, storedPurpose(OrganizationFilePurpose.Photo));
  return photo ? fileLinkOf(deps, photo).url : null;
}

/**
 * The stored image behind a signed file link, for the responsive image route (modules/images, issue 32): its bytes
 * as a stream with its type and the link's expiry. A link not ours reads as not found, an expired one is refused.
 */
export async function openLinkedImage(deps: Deps, token: string) {
  const { stream, contentType, expiresAt } = await openLinkedFile(deps, token);
  return { stream, contentType, expiresAt };
}
