import { and, eq, isNull } from 'drizzle-orm';
import { sharedCredentialSummarySchema } from '@touchline/contracts/credential-sharing';
import type { Executor } from '../db/client.ts';
import { credentialShares, receivedCredentials } from '../db/schema/index.ts';
import { completionOf, sharesOfMetSources, summaryOfSource } from './shared-credential-sources.ts';
import { recordShareChange, sourceOrganizationName } from './shared-credential-history.ts';

// A renewal at the source carries over to a live share (ADR 049, 2026-11-29 "A renewal carries over"): the consent
// covers the member's credential — this requirement of theirs, "until I stop sharing" — not one completion of it.
// When the sharing organization's requirement holds again with another completion (a renewal, a refresher, a
// corrected completion date), the share and the receiving organization's copy take the new summary in the same
// transaction, both histories say so, and the receiving profiles are re-derived by the caller.

/**
 * Carries the source's current completion to the live shares of these profiles (of `organizationId`, whose statuses
 * were just stored) whose requirement is met here (Completed or Expiring soon, its own completion, not disqualified)
 * with another completion day or validity than their summary says; writes the audit and requirement events of both
 * sides. Returns the receiving profiles per organization, for the caller to re-derive. One read when none changed.
 */
export async function renewSharesOfRenewedSources(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date,
): Promise<Map<string, string[]>> {
  const receivers = new Map<string, string[]>();
  if (profileIds.length === 0) return receivers;
  const rows = await sharesOfMetSources(tx, organizationId, profileIds, [isNull(credentialShares.revokedAt)]);
  const renewed = rows.filter((row) => {
    const before = sharedCredentialSummarySchema.safeParse(row.share.summary);
    if (!before.success || row.completedAt === null) return false;
    const after = completionOf({ completedAt: row.completedAt, expiresAt: row.expiresAt });
    return after.completedOn !== before.data.completedOn || after.validUntil !== before.data.validUntil;
  });
  if (renewed.length === 0) return receivers;
  const fromOrganization = await sourceOrganizationName(tx, organizationId);
  for (const row of renewed) {
    const completedAt = row.completedAt;
    if (completedAt === null) continue;
    const before = sharedCredentialSummarySchema.parse(row.share.summary);
    const summary = await summaryOfSource(tx, organizationId, { ...row, completedAt }, before.sandbox);
    await tx
      .update(credentialShares)
      .set({ summary, updatedAt: now })
      .where(and(eq(credentialShares.organizationId, organizationId), eq(credentialShares.id, row.share.id)));
    const [copy] = await tx
      .update(receivedCredentials)
      .set({ summary, completedOn: summary.completedOn, validUntil: summary.validUntil, updatedAt: now })
      .where(
        and(
          eq(receivedCredentials.organizationId, row.share.targetOrganizationId),
          eq(receivedCredentials.shareId, row.share.id),
          isNull(receivedCredentials.revokedAt),
        ),
      )
      .returning({ id: receivedCredentials.id });
    const data = {
      shareId: row.share.id,
      requirementName: summary.requirementName,
      completedOn: summary.completedOn,
      validUntil: summary.validUntil,
      previousCompletedOn: before.completedOn,
      previousValidUntil: before.validUntil,
    };
    await recordShareChange(
      tx,
      {
        organizationId,
        shareId: row.share.id,
        memberRequirementId: row.share.memberRequirementId,
        requirementType: row.share.requirementType,
        targetOrganizationId: row.share.targetOrganizationId,
        targetProfileId: row.share.targetProfileId,
        receivedId: copy?.id ?? null,
        source: {
          audit: 'credential.share_renewed',
          event: 'credential-share-renewed',
          data: { ...data, toOrganization: row.targetOrganizationName },
        },
        receiver: {
          audit: 'credential.renewed',
          event: 'credential-renewed',
          data: { ...data, fromOrganization },
        },
      },
      receivers,
    );
  }
  return receivers;
}
