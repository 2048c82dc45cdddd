import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../db/client.ts';
import {
  credentialShares,
  memberRequirements,
  organizations,
  receivedCredentials,
} from '../db/schema/index.ts';
import { inIds } from './requirements-engine.queries.ts';
import { recordShareChange, sourceOrganizationName } from './shared-credential-history.ts';

// A shared credential whose source stopped holding (ADR 049, "When the source changes"): the engine's re-derivation
// of the sharing organization finds the live shares of its profiles whose requirement is no longer met there, and
// revokes them and the receiving organization's copies in the same transaction, with the reason in both histories.

/** Why a share stopped at its source, as the sharing organization records it. */
export type SourceLapse = 'reset' | 'rejected' | 'disqualified' | 'expired' | 'removed';

/**
 * What the receiving organization is told: an expiry (which its summary's validity already says), or only that the
 * source no longer holds it — never that it was rejected or disqualified there (an adverse result of another
 * organization's check is not part of what the member consented to share).
 */
export const receivedReasonOf = (lapse: SourceLapse) =>
  lapse === 'expired' ? 'source-expired' : 'source-no-longer-valid';

/** The source row's facts that say why it no longer holds (`today`: the day the engine derived for). */
export function lapseOf(
  row: { active: boolean; status: number; reviewOutcome: number | null; expiresAt?: string | null },
  today?: string,
): SourceLapse {
  if (!row.active) return 'removed';
  if (row.reviewOutcome === ReviewOutcome.RejectedDisqualified) return 'disqualified';
  if (row.reviewOutcome === ReviewOutcome.RejectedReset || row.status === RequirementStatus.Rejected)
    return 'rejected';
  if (row.status === RequirementStatus.Expired) return 'expired';
  if (today !== undefined && row.expiresAt != null && row.expiresAt <= today) return 'expired';
  return 'reset';
}

/**
 * Revokes the live shares of these profiles (of `organizationId`, whose statuses were just stored) whose source
 * credential no longer holds — the requirement inactive, without a completion of its own, rejected or disqualified,
 * or its completion expired — and the received copies; writes the audit and requirement events of both sides.
 * A renewal under way (a new order, a refresher, a new upload awaiting review) does not lapse a completion still in
 * force: the receiver keeps the shared validity, and the source's result (or review) decides — a renewal carries
 * over (shared-credential-renewal.ts), a rejection lapses it here. Returns the receiving profiles per organization,
 * for the caller to re-derive. One read when nothing lapsed.
 */
export async function lapseSharesOfUnmetSources(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date,
  today: string = now.toISOString().slice(0, 10),
): Promise<Map<string, string[]>> {
  const receivers = new Map<string, string[]>();
  if (profileIds.length === 0) return receivers;
  const rows = await tx
    .select({
      shareId: credentialShares.id,
      memberRequirementId: credentialShares.memberRequirementId,
      requirementType: credentialShares.requirementType,
      targetOrganizationId: credentialShares.targetOrganizationId,
      targetProfileId: credentialShares.targetProfileId,
      summary: credentialShares.summary,
      active: memberRequirements.active,
      status: memberRequirements.status,
      reviewOutcome: memberRequirements.reviewOutcome,
      expiresAt: memberRequirements.expiresAt,
      targetOrganizationName: organizations.name,
    })
    .from(credentialShares)
    .innerJoin(
      memberRequirements,
      and(
        eq(memberRequirements.organizationId, credentialShares.organizationId),
        eq(memberRequirements.id, credentialShares.memberRequirementId),
      ),
    )
    .innerJoin(organizations, eq(organizations.id, credentialShares.targetOrganizationId))
    .where(
      and(
        eq(credentialShares.organizationId, organizationId),
        isNull(credentialShares.revokedAt),
        inIds(credentialShares.profileId, profileIds),
        or(
          eq(memberRequirements.active, false),
          isNull(memberRequirements.completedAt),
          inArray(memberRequirements.reviewOutcome, [
            ReviewOutcome.RejectedDisqualified,
            ReviewOutcome.RejectedReset,
          ]),
          inArray(memberRequirements.status, [RequirementStatus.Rejected, RequirementStatus.Expired]),
          lte(memberRequirements.expiresAt, today),
        ),
      ),
    )
    .for('update', { of: credentialShares });
  if (rows.length === 0) return receivers;
  const fromOrganization = await sourceOrganizationName(tx, organizationId);
  for (const row of rows) {
    const lapse = lapseOf(row, today);
    const received = receivedReasonOf(lapse);
    const requirementName =
      typeof row.summary['requirementName'] === 'string' ? row.summary['requirementName'] : '';
    await tx
      .update(credentialShares)
      .set({ revokedAt: now, revokedReason: lapse, updatedAt: now })
      .where(and(eq(credentialShares.organizationId, organizationId), eq(credentialShares.id, row.shareId)));
    const [copy] = await tx
      .update(receivedCredentials)
      .set({ revokedAt: now, revokedReason: received, updatedAt: now })
      .where(
        and(
          eq(receivedCredentials.organizationId, row.targetOrganizationId),
          eq(receivedCredentials.shareId, row.shareId),
          isNull(receivedCredentials.revokedAt),
        ),
      )
      .returning({ id: receivedCredentials.id });
    const data = { shareId: row.shareId, requirementName };
    await recordShareChange(
      tx,
      {
        organizationId,
        shareId: row.shareId,
        memberRequirementId: row.memberRequirementId,
        requirementType: row.requirementType,
        targetOrganizationId: row.targetOrganizationId,
        targetProfileId: row.targetProfileId,
        receivedId: copy?.id ?? null,
        source: {
          audit: 'credential.share_lapsed',
          event: 'credential-share-lapsed',
          data: { ...data, toOrganization: row.targetOrganizationName, reason: lapse },
        },
        receiver: {
          audit: 'credential.lapsed',
          event: 'credential-lapsed',
          data: { ...data, fromOrganization, reason: received },
        },
      },
      receivers,
    );
  }
  return receivers;
}
