import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sharedCredentialSummarySchema } from '@touchline/contracts/credential-sharing';
import type { Executor } from '../db/client.ts';
import { credentialShares, receivedCredentials } from '../db/schema/index.ts';
import { dayOf } from './engine/calendar.ts';
import { completionOf, sharesOfMetSources, summaryOfSource } from './shared-credential-sources.ts';
import { recordShareChange, sourceOrganizationName } from './shared-credential-history.ts';

// A share that lapsed because its credential expired here before the renewal completed resumes when the renewal
// completes (ADR 049, 2026-11-30 "A renewal resumes a share that lapsed by expiry"): the consent covers the member's
// credential until they stop sharing, and an expiry is not the member stopping. Only an expiry: a reset, a rejection,
// a disqualification or a removal stays stopped, and so does a share the member stopped (also after it lapsed).

/**
 * The destination is still the consenting account's: the target profile is live with a live access in a live
 * organization, and it is the consenter's own or their child's there (what `destinationsOf` offers at consent), and
 * the shared profile here is still the consenter's own or their child's.
 */
const stillTheirs = sql`exists (
  select 1 from profiles tp
  join organizations o on o.id = tp.organization_id and o.deleted_at is null
  where tp.organization_id = ${credentialShares.targetOrganizationId} and tp.id = ${credentialShares.targetProfileId}
    and tp.deleted_at is null
    and exists (select 1 from profile_level_accesses a
      where a.organization_id = tp.organization_id and a.profile_id = tp.id and a.deleted_at is null)
    and (tp.app_user_id = ${credentialShares.consentedByUserId}
      or exists (select 1 from profiles tg where tg.organization_id = tp.organization_id
        and tg.id = tp.guardian_profile_id and tg.deleted_at is null
        and tg.app_user_id = ${credentialShares.consentedByUserId})))
  and exists (
  select 1 from profiles sp
  where sp.organization_id = ${credentialShares.organizationId} and sp.id = ${credentialShares.profileId}
    and sp.deleted_at is null
    and (sp.app_user_id = ${credentialShares.consentedByUserId}
      or exists (select 1 from profiles sg where sg.organization_id = sp.organization_id
        and sg.id = sp.guardian_profile_id and sg.deleted_at is null
        and sg.app_user_id = ${credentialShares.consentedByUserId})))`;

/** A unique index refused the write (PostgreSQL's 23505, also when Drizzle wraps the driver's error as its cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as Error & { code?: unknown }).code === '23505') return true;
  return false;
}

/** No live share of the same credential to the same profile (the member shared the renewed one again). */
const noLiveTwin = sql`not exists (
  select 1 from credential_shares twin
  where twin.organization_id = ${credentialShares.organizationId}
    and twin.member_requirement_id = ${credentialShares.memberRequirementId}
    and twin.target_profile_id = ${credentialShares.targetProfileId}
    and twin.revoked_at is null)`;

/**
 * Resumes the shares of these profiles (of `organizationId`, whose statuses were just stored) that lapsed by expiry
 * and whose requirement holds here again with another completion: the share and the receiving copy take the new
 * summary and are live again, both histories say so. Returns the receiving profiles per organization, for the caller
 * to re-derive. One read when there is none.
 */
export async function resumeSharesOfRenewedSources(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date,
): Promise<Map<string, string[]>> {
  const receivers = new Map<string, string[]>();
  if (profileIds.length === 0) return receivers;
  const rows = await sharesOfMetSources(tx, organizationId, profileIds, [
    isNotNull(credentialShares.revokedAt),
    eq(credentialShares.revokedReason, 'expired'),
    noLiveTwin,
    stillTheirs,
  ]);
  if (rows.length === 0) return receivers;
  const fromOrganization = await sourceOrganizationName(tx, organizationId);
  for (const row of rows) {
    const completedAt = row.completedAt;
    const before = sharedCredentialSummarySchema.safeParse(row.share.summary);
    if (completedAt === null || !before.success) continue;
    const { completedOn, validUntil } = completionOf({ completedAt, expiresAt: row.expiresAt });
    // The completion that expired is not a renewal: only another completion resumes it.
    if (completedOn === before.data.completedOn && validUntil === before.data.validUntil) continue;
    const summary = await summaryOfSource(tx, organizationId, { ...row, completedAt }, before.data.sandbox);
    // A savepoint: a share given again at this very moment (the live-share index) leaves this one stopped.
    const copy = await tx
      .transaction(async (sp) => {
        await sp
          .update(credentialShares)
          .set({ summary, revokedAt: null, revokedByUserId: null, revokedReason: null, updatedAt: now })
          .where(
            and(eq(credentialShares.organizationId, organizationId), eq(credentialShares.id, row.share.id)),
          );
        const [received] = await sp
          .update(receivedCredentials)
          .set({
            summary,
            completedOn: summary.completedOn,
            validUntil: summary.validUntil,
            revokedAt: null,
            revokedReason: null,
            updatedAt: now,
          })
          .where(
            and(
              eq(receivedCredentials.organizationId, row.share.targetOrganizationId),
              eq(receivedCredentials.shareId, row.share.id),
            ),
          )
          .returning({ id: receivedCredentials.id });
        return { id: received?.id ?? null };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return null;
        throw error;
      });
    if (copy === null) continue;
    const data = {
      shareId: row.share.id,
      requirementName: summary.requirementName,
      completedOn: summary.completedOn,
      validUntil: summary.validUntil,
      previousCompletedOn: before.data.completedOn,
      previousValidUntil: before.data.validUntil,
      lapsedOn: row.share.revokedAt ? dayOf(row.share.revokedAt) : null,
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
        receivedId: copy.id,
        source: {
          audit: 'credential.share_resumed',
          event: 'credential-share-resumed',
          data: { ...data, toOrganization: row.targetOrganizationName },
        },
        receiver: {
          audit: 'credential.resumed',
          event: 'credential-resumed',
          data: { ...data, fromOrganization },
        },
      },
      receivers,
    );
  }
  return receivers;
}
