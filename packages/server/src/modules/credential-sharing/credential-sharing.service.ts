import { and, eq, isNull } from 'drizzle-orm';
import type {
  CreateCredentialShareBody,
  CredentialShare,
  CredentialSharing,
  SharedCredentialSummary,
  ShareableCredential,
} from '@touchline/contracts/credential-sharing';
import { sharedCredentialSummarySchema } from '@touchline/contracts/credential-sharing';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { ActorContext } from '../../authz/actor-context.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import {
  credentialShares,
  organizations,
  receivedCredentials,
  requirementEvents,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { dayOf } from '../../requirement-core/engine/calendar.ts';
import { currentStatus } from '../../requirement-core/requirement-state.ts';
import { rederive } from '../../requirement-core/requirements-engine.service.ts';
import { isScreeningSandbox } from '../../requirement-core/screening-order-state.ts';
import { credentialSummary } from '../../requirement-core/credential-summary.ts';
import {
  activeRequirementIdsOfType,
  destinationsOf,
  loadProfile,
  shareableRequirementsOf,
  sharesOf,
} from './credential-sharing.queries.ts';

type SharingDeps = Pick<Deps, 'db' | 'integrations'>;

const refusal = 'Only the member, or their guardian, may share their credentials';

/** The profile in the actor's organization (404 otherwise), and whether the actor is the member or their guardian. */
async function loadSharer(db: Executor, ctx: ActorContext, profileId: string) {
  const profile = await loadProfile(db, ctx.organizationId, profileId);
  if (!profile) throw notFound('Profile');
  const as: 'self' | 'guardian' | null =
    profile.id === ctx.profileId ? 'self' : profile.guardianProfileId === ctx.profileId ? 'guardian' : null;
  if (as === null) throw forbidden(refusal);
  return { profile, as };
}

/** The member's credentials that may be shared now: completed, in force, not disqualified, with their summary. */
async function shareableCredentials(
  deps: SharingDeps,
  db: Executor,
  organizationId: string,
  profileId: string,
): Promise<ShareableCredential[]> {
  const rows = await shareableRequirementsOf(db, organizationId, profileId);
  const out: ShareableCredential[] = [];
  for (const { requirement, definition } of rows) {
    const status = currentStatus(requirement, definition.expiringSoonDays);
    const inForce = status === RequirementStatus.Completed || status === RequirementStatus.ExpiringSoon;
    if (!inForce || requirement.completedAt === null) continue;
    if (requirement.reviewOutcome === ReviewOutcome.RejectedDisqualified) continue;
    const summary = await credentialSummary(
      db,
      {
        organizationId,
        memberRequirementId: requirement.id,
        type: definition.type,
        name: definition.name,
        content: definition.content,
        completedAt: requirement.completedAt,
        expiresAt: requirement.expiresAt,
      },
      isScreeningSandbox(deps),
    );
    out.push({ memberRequirementId: requirement.id, summary });
  }
  return out;
}

/** A consent row as the sharing member sees it. */
function presentShare(row: Awaited<ReturnType<typeof sharesOf>>[number]): CredentialShare {
  return {
    id: row.share.id,
    memberRequirementId: row.share.memberRequirementId,
    targetProfileId: row.share.targetProfileId,
    targetOrganizationName: row.targetOrganizationName,
    summary: sharedCredentialSummarySchema.parse(row.share.summary),
    sharedAt: row.share.createdAt.toISOString(),
    revokedAt: row.share.revokedAt?.toISOString() ?? null,
    resumesOnRenewal: row.share.revokedAt !== null && row.share.revokedReason === 'expired',
  };
}

/**
 * GET /api/app/profile/{id}/credential-sharing: the member's (or their child's) credentials that may be shared, with
 * exactly what each would show; the memberships in other organizations they may go to; and the consents so far.
 * Only the member or their guardian (403 for anyone else of the organization, 404 for another organization).
 */
export async function getCredentialSharing(
  deps: SharingDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<CredentialSharing> {
  const { profile, as } = await loadSharer(deps.db, ctx, id);
  const [credentials, destinations, shares] = [
    await shareableCredentials(deps, deps.db, ctx.organizationId, profile.id),
    await destinationsOf(deps.db, ctx, profile, as),
    await sharesOf(deps.db, ctx.organizationId, profile.id),
  ];
  return {
    profileId: profile.id,
    memberName: `${profile.firstName} ${profile.lastName}`,
    credentials,
    destinations,
    shares: shares.map(presentShare),
  };
}

/** Writes one requirement event per row (the history of both sides). */
async function historyOf(
  tx: Executor,
  organizationId: string,
  requirementIds: readonly string[],
  action: string,
  actorUserId: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (requirementIds.length === 0) return;
  await tx.insert(requirementEvents).values(
    requirementIds.map((memberRequirementId) => ({
      organizationId,
      memberRequirementId,
      action,
      actorUserId,
      data,
    })),
  );
}

/** Re-derives the receiving member's statuses now: the shared credential counts, or stops counting, at once. */
async function rederiveReceiver(tx: Executor, organizationId: string, profileId: string, reason: string) {
  const now = new Date();
  await rederive(tx, organizationId, [profileId], { today: dayOf(now), now, reason });
}

async function organizationName(tx: Executor, id: string): Promise<string> {
  const [row] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.name ?? '';
}

/**
 * POST /api/app/profile/{id}/credential-shares: the member (or guardian) consents to share one credential with one
 * of their memberships in another organization. The summary shown is stored with the consent and copied to the
 * receiving organization (a renewal at the source carries over while the share is live, shared-credential-renewal.ts);
 * both sides' histories and audit trails record it; the receiver's statuses are re-derived.
 */
export async function shareCredential(
  deps: SharingDeps,
  ctx: RequestContext,
  input: CreateCredentialShareBody & { id: string },
): Promise<CredentialShare> {
  return deps.db.transaction(async (tx) => {
    const { profile, as } = await loadSharer(tx, ctx, input.id);
    const credential = (await shareableCredentials(deps, tx, ctx.organizationId, profile.id)).find(
      (c) => c.memberRequirementId === input.memberRequirementId,
    );
    if (!credential)
      throw invalid([
        {
          field: 'memberRequirementId',
          message: 'This credential cannot be shared: it is not completed and valid',
        },
      ]);
    const destination = (await destinationsOf(tx, ctx, profile, as)).find(
      (d) => d.profileId === input.targetProfileId,
    );
    if (!destination)
      throw invalid([
        { field: 'targetProfileId', message: 'Choose one of your memberships in another organization' },
      ]);
    const [existing] = await tx
      .select({ id: credentialShares.id })
      .from(credentialShares)
      .where(
        and(
          eq(credentialShares.organizationId, ctx.organizationId),
          eq(credentialShares.memberRequirementId, credential.memberRequirementId),
          eq(credentialShares.targetProfileId, destination.profileId),
          isNull(credentialShares.revokedAt),
        ),
      );
    if (existing) throw conflict(`This credential is already shared with ${destination.organizationName}`);
    const summary: SharedCredentialSummary = credential.summary;
    const [share] = await tx
      .insert(credentialShares)
      .values({
        organizationId: ctx.organizationId,
        profileId: profile.id,
        memberRequirementId: credential.memberRequirementId,
        requirementType: summary.requirementType,
        targetOrganizationId: destination.organizationId,
        targetProfileId: destination.profileId,
        summary,
        consentedByUserId: ctx.userId,
        consentedByProfileId: ctx.profileId,
      })
      // Two consents at once: the live-share unique index keeps one; the other is told it is already shared.
      .onConflictDoNothing()
      .returning();
    if (!share) throw conflict(`This credential is already shared with ${destination.organizationName}`);
    const sourceName = await organizationName(tx, ctx.organizationId);
    const [received] = await tx
      .insert(receivedCredentials)
      .values({
        organizationId: destination.organizationId,
        shareId: share.id,
        profileId: destination.profileId,
        requirementType: summary.requirementType,
        sourceOrganizationName: sourceName,
        summary,
        completedOn: summary.completedOn,
        validUntil: summary.validUntil,
      })
      .returning({ id: receivedCredentials.id });
    const data = { shareId: share.id, requirementName: summary.requirementName, as };
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'credential.shared',
      entityType: 'credential_share',
      entityId: share.id,
      data: { ...data, toOrganization: destination.organizationName },
    });
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, requestId: ctx.requestId },
      {
        organizationId: destination.organizationId,
        action: 'credential.received',
        entityType: 'received_credential',
        entityId: received?.id ?? null,
        data: { ...data, fromOrganization: sourceName },
      },
    );
    await historyOf(
      tx,
      ctx.organizationId,
      [credential.memberRequirementId],
      'credential-shared',
      ctx.userId,
      {
        ...data,
        toOrganization: destination.organizationName,
      },
    );
    const targets = await activeRequirementIdsOfType(
      tx,
      destination.organizationId,
      destination.profileId,
      summary.requirementType,
    );
    await historyOf(
      tx,
      destination.organizationId,
      targets.map((t) => t.id),
      'credential-received',
      ctx.userId,
      {
        ...data,
        fromOrganization: sourceName,
      },
    );
    await rederiveReceiver(tx, destination.organizationId, destination.profileId, 'credential-shared');
    return presentShare({ share, targetOrganizationName: destination.organizationName });
  });
}

/**
 * POST /api/app/profile/{id}/credential-shares/{shareId}/revoke: the member (or guardian) withdraws a consent. The
 * receiving organization's copy is revoked in the same transaction, its requirement returns to what the member's own
 * facts say (not met), and both histories record it. Revoking a revoked consent changes nothing, but for one that
 * lapsed by expiry: that is marked withdrawn, so its renewal does not resume it.
 */
export async function revokeCredentialShare(
  deps: SharingDeps,
  ctx: RequestContext,
  input: { id: string; shareId: string },
): Promise<CredentialShare> {
  return deps.db.transaction(async (tx) => {
    const { profile } = await loadSharer(tx, ctx, input.id);
    const [row] = await tx
      .select({ share: credentialShares, targetOrganizationName: organizations.name })
      .from(credentialShares)
      .innerJoin(organizations, eq(organizations.id, credentialShares.targetOrganizationId))
      .where(
        and(
          eq(credentialShares.organizationId, ctx.organizationId),
          eq(credentialShares.profileId, profile.id),
          eq(credentialShares.id, input.shareId),
        ),
      )
      .for('update', { of: credentialShares });
    if (!row) throw notFound('Share');
    // A share that lapsed by expiry would resume with the renewal (ADR 049): stopping it records the withdrawal, on
    // the day it stopped counting. Any other stopped share is answered as it is.
    const resumable = row.share.revokedAt !== null && row.share.revokedReason === 'expired';
    if (row.share.revokedAt !== null && !resumable) return presentShare(row);
    const now = new Date();
    const stoppedAt = row.share.revokedAt ?? now;
    const [share] = await tx
      .update(credentialShares)
      .set({
        revokedAt: stoppedAt,
        revokedByUserId: ctx.userId,
        revokedReason: 'consent-withdrawn',
        updatedAt: now,
      })
      .where(
        and(eq(credentialShares.organizationId, ctx.organizationId), eq(credentialShares.id, row.share.id)),
      )
      .returning();
    const target = { org: row.share.targetOrganizationId, profile: row.share.targetProfileId };
    const [received] = await tx
      .update(receivedCredentials)
      .set({ revokedAt: stoppedAt, revokedReason: 'consent-withdrawn', updatedAt: now })
      .where(
        and(
          eq(receivedCredentials.organizationId, target.org),
          eq(receivedCredentials.shareId, row.share.id),
        ),
      )
      .returning({ id: receivedCredentials.id });
    const summary = sharedCredentialSummarySchema.parse(row.share.summary);
    const data = { shareId: row.share.id, requirementName: summary.requirementName };
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'credential.share_revoked',
      entityType: 'credential_share',
      entityId: row.share.id,
      data: { ...data, toOrganization: row.targetOrganizationName },
    });
    const sourceName = await organizationName(tx, ctx.organizationId);
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, requestId: ctx.requestId },
      {
        organizationId: target.org,
        action: 'credential.revoked',
        entityType: 'received_credential',
        entityId: received?.id ?? null,
        data: { ...data, fromOrganization: sourceName },
      },
    );
    await historyOf(
      tx,
      ctx.organizationId,
      [row.share.memberRequirementId],
      'credential-share-revoked',
      ctx.userId,
      {
        ...data,
        toOrganization: row.targetOrganizationName,
      },
    );
    const targets = await activeRequirementIdsOfType(
      tx,
      target.org,
      target.profile,
      row.share.requirementType,
    );
    await historyOf(
      tx,
      target.org,
      targets.map((t) => t.id),
      'credential-revoked',
      ctx.userId,
      {
        ...data,
        fromOrganization: sourceName,
      },
    );
    await rederiveReceiver(tx, target.org, target.profile, 'credential-revoked');
    return presentShare({ share: share ?? row.share, targetOrganizationName: row.targetOrganizationName });
  });
}
