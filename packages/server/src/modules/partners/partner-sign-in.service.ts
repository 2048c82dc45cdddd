import { and, eq, isNull } from 'drizzle-orm';
import type { PartnerProviderType } from '@touchline/contracts/integrations';
import { partnerDisplayName, partnerLogoPath } from '@touchline/contracts/partners';
import type {
  PartnerAccountLink,
  PartnerSignInAnswer,
  PartnerSignInRequest,
} from '@touchline/contracts/partner-sign-in';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import {
  partnerAccountLinks,
  partnerConnections,
  partnerRegistrations,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import type { PendingPartnerAuthorization } from '../../plugins/identity-directory.ts';

type SignInDeps = Pick<Deps, 'db' | 'identityDirectory' | 'integrations'>;

function authorizationsOf(deps: SignInDeps) {
  const calls = deps.identityDirectory.partnerAuthorizations;
  if (!calls) throw new Error('no identity service is wired for partner sign-in');
  return calls;
}

/** The pending request (404 when unknown, answered or expired: the member starts again from the partner). */
async function pendingRequest(deps: SignInDeps, requestId: string): Promise<PendingPartnerAuthorization> {
  const pending = await authorizationsOf(deps).read(requestId);
  if (!pending) throw notFound('Partner sign-in request');
  return pending;
}

/**
 * The member of this organization the partner's assertion names: this organization's connection to that partner
 * and site, the registration of that partner member, its live membership. Another organization's member (or a
 * partner site not connected here) is 404; a member of this organization who is neither the signed-in profile nor
 * their child is 403.
 */
async function assertedMember(deps: SignInDeps, ctx: RequestContext, pending: PendingPartnerAuthorization) {
  const [row] = await deps.db
    .select({
      connection: partnerConnections,
      accessId: profileLevelAccesses.id,
      profileId: profiles.id,
      guardianProfileId: profiles.guardianProfileId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(partnerConnections)
    .innerJoin(partnerRegistrations, eq(partnerRegistrations.connectionId, partnerConnections.id))
    .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.id, partnerRegistrations.profileLevelAccessId))
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .where(
      and(
        eq(partnerConnections.organizationId, ctx.organizationId),
        eq(partnerConnections.providerType, pending.provider),
        eq(partnerConnections.siteId, pending.partnerSite),
        eq(partnerRegistrations.memberId, pending.partnerMemberId),
        eq(profileLevelAccesses.organizationId, ctx.organizationId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Partner member');
  authorize(
    row.profileId === ctx.profileId || row.guardianProfileId === ctx.profileId,
    'Only the member or their guardian links this partner membership',
  );
  return row;
}

async function liveLink(deps: SignInDeps, connectionId: string, externalId: string) {
  const [link] = await deps.db
    .select()
    .from(partnerAccountLinks)
    .where(
      and(
        eq(partnerAccountLinks.connectionId, connectionId),
        eq(partnerAccountLinks.externalId, externalId),
        isNull(partnerAccountLinks.unlinkedAt),
      ),
    );
  return link;
}

/** GET /api/app/partner-sign-in/{requestId}: what the member is asked to approve. */
export async function readPartnerSignIn(
  deps: SignInDeps,
  ctx: RequestContext,
  { requestId }: { requestId: string },
): Promise<PartnerSignInRequest> {
  const pending = await pendingRequest(deps, requestId);
  const member = await assertedMember(deps, ctx, pending);
  const link = await liveLink(deps, member.connection.id, pending.partnerMemberId);
  const type = member.connection.providerType as PartnerProviderType;
  return {
    requestId: pending.id,
    partner: {
      providerType: type,
      name: partnerDisplayName[type],
      clientName: pending.clientName,
      logo: partnerLogoPath[type],
      sandbox: deps.integrations.partners?.isSandbox(type) ?? false,
    },
    partnerMemberId: pending.partnerMemberId,
    member: {
      firstName: member.firstName,
      lastName: member.lastName,
      profileLevelAccessId: member.accessId,
      relation: member.profileId === ctx.profileId ? 'self' : 'child',
    },
    scopes: pending.scope.split(' '),
    alreadyLinked: link?.userId === ctx.userId,
    expiresAt: pending.expiresAt.toISOString(),
  };
}

/**
 * POST …/{requestId}/approve: the member proves both sides (signed in here; the partner's verified assertion names
 * their membership), so the account is linked to the partner's member id (once; a member already linked to another
 * account is 409), the request answered with a single-use code, and the browser sent to the partner. Audited.
 */
export async function approvePartnerSignIn(
  deps: SignInDeps,
  ctx: RequestContext,
  { requestId, ip }: { requestId: string; ip: string },
): Promise<PartnerSignInAnswer> {
  const pending = await pendingRequest(deps, requestId);
  const member = await assertedMember(deps, ctx, pending);
  const existing = await liveLink(deps, member.connection.id, pending.partnerMemberId);
  if (existing && existing.userId !== ctx.userId) {
    throw conflict('This partner membership is already linked to another Touchline account');
  }
  const answered = await authorizationsOf(deps).answer({
    id: requestId,
    userId: ctx.userId,
    approve: true,
    ip,
  });
  if (!answered) throw notFound('Partner sign-in request');
  await deps.db.transaction(async (tx) => {
    let linkId = existing?.id;
    if (!existing) {
      const [made] = await tx
        .insert(partnerAccountLinks)
        .values({
          organizationId: ctx.organizationId,
          connectionId: member.connection.id,
          externalId: pending.partnerMemberId,
          userId: ctx.userId,
          profileId: member.profileId,
          profileLevelAccessId: member.accessId,
          clientId: pending.clientId,
          linkedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: partnerAccountLinks.id });
      if (!made) throw conflict('This partner membership was linked meanwhile; start again from the partner');
      linkId = made.id;
    }
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: existing ? 'partner.sign-in-approved' : 'partner.account-linked',
      entityType: 'partner_account_link',
      entityId: linkId ?? null,
      data: { connectionId: member.connection.id, clientId: pending.clientId, requestId },
    });
  });
  return answered;
}

/** POST …/{requestId}/deny: the member declines; the partner is told `access_denied`. Audited. */
export async function denyPartnerSignIn(
  deps: SignInDeps,
  ctx: RequestContext,
  { requestId, ip }: { requestId: string; ip: string },
): Promise<PartnerSignInAnswer> {
  const pending = await pendingRequest(deps, requestId);
  const answered = await authorizationsOf(deps).answer({
    id: requestId,
    userId: ctx.userId,
    approve: false,
    ip,
  });
  if (!answered) throw notFound('Partner sign-in request');
  await recordAuditEvent(deps.db, ctx, {
    organizationId: ctx.organizationId,
    action: 'partner.sign-in-declined',
    entityType: 'partner_sign_in',
    entityId: null,
    data: { clientId: pending.clientId, requestId },
  });
  return answered;
}

/** GET /api/app/partner-links: the signed-in member's live partner links in this organization. */
export async function listPartnerLinks(deps: SignInDeps, ctx: RequestContext): Promise<PartnerAccountLink[]> {
  const rows = await deps.db
    .select({ link: partnerAccountLinks, providerType: partnerConnections.providerType, profile: profiles })
    .from(partnerAccountLinks)
    .innerJoin(partnerConnections, eq(partnerConnections.id, partnerAccountLinks.connectionId))
    .innerJoin(profiles, eq(profiles.id, partnerAccountLinks.profileId))
    .where(
      and(
        eq(partnerAccountLinks.organizationId, ctx.organizationId),
        eq(partnerAccountLinks.userId, ctx.userId),
        isNull(partnerAccountLinks.unlinkedAt),
      ),
    )
    .orderBy(partnerAccountLinks.linkedAt);
  return rows.map(({ link, providerType, profile }) => ({
    id: link.id,
    providerType: providerType as PartnerProviderType,
    partnerName: partnerDisplayName[providerType as PartnerProviderType],
    partnerMemberId: link.externalId,
    memberName: `${profile.firstName} ${profile.lastName}`.trim(),
    linkedAt: link.linkedAt.toISOString(),
  }));
}

/**
 * DELETE /api/app/partner-links/{linkId}: the member unlinks a partner (the row kept, `unlinked_at`), and the
 * partner's grants for this account are revoked at identity. Another organization's link is 404, another
 * account's 403. Audited.
 */
export async function unlinkPartner(
  deps: SignInDeps,
  ctx: RequestContext,
  { linkId }: { linkId: string },
): Promise<void> {
  const [link] = await deps.db
    .select()
    .from(partnerAccountLinks)
    .where(
      and(
        eq(partnerAccountLinks.organizationId, ctx.organizationId),
        eq(partnerAccountLinks.id, linkId),
        isNull(partnerAccountLinks.unlinkedAt),
      ),
    );
  if (!link) throw notFound('Partner link');
  authorize(link.userId === ctx.userId, 'Only the account holder unlinks a partner');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(partnerAccountLinks)
      .set({ unlinkedAt: new Date(), updatedAt: new Date() })
      .where(eq(partnerAccountLinks.id, link.id));
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'partner.account-unlinked',
      entityType: 'partner_account_link',
      entityId: link.id,
      data: { connectionId: link.connectionId, clientId: link.clientId },
    });
  });
  await authorizationsOf(deps).revoke({ userId: ctx.userId, clientId: link.clientId });
}
