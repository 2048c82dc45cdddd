import { and, eq, isNull } from 'drizzle-orm';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { VerificationKind, VerificationStatus } from '@touchline/contracts/verification';
import type { Executor } from '../../db/client.ts';
import { profiles, verifications } from '../../db/schema/index.ts';
import type { JobDeps, WebhookOutcome } from '../../deps.ts';
import type { IdentitySession } from '../../integrations/identity/port.ts';
import { completedFacts, recordChange } from '../../requirement-core/requirement-state.ts';
import {
  lockRequirementForSystem,
  type LoadedRequirement,
} from '../../requirement-core/requirement-target.ts';
import type { VerificationConfig } from './verification.config.ts';
import { compareProof } from './verification-match.ts';
import type { VerificationRow } from './verification-state.ts';

/** What an identity attempt's `reading` holds while the vendor works (and, once decided, what it read). */
export type IdentityReading = {
  vendorUrl?: string | null;
  facePhotoChecked?: boolean;
  /** The vendor's session status as last read, and when that read began (ISO): a later read never loses to it. */
  vendorStatus?: IdentitySession['status'];
  vendorReadAt?: string;
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
};

/** What applying one read of the vendor's session did. */
export type SessionApplied = 'decided' | 'updated' | 'stale' | 'closed';

/** A session the vendor is done with: verified, refused (`requires_input` with an error) or canceled. */
export const isFinal = (s: IdentitySession) =>
  s.status === 'verified' ||
  s.status === 'canceled' ||
  (s.status === 'requires_input' && s.lastError !== null);

/**
 * Applies one read of the vendor's session to our attempt, in the caller's transaction with the requirement row
 * locked (so the member's poll, a webhook and the sweep are serialized). The attempt is re-read under that lock:
 * one no longer waiting on the vendor (decided, superseded, another session) is left alone, and a read that began
 * before the last applied one is stale (webhooks repeat and reorder; each re-reads the vendor, but two re-reads
 * may finish out of order), so an older state never overwrites a newer one. A final session is decided once the
 * member's face photo passed our checks.
 */
export async function applyIdentitySession(
  tx: Executor,
  config: VerificationConfig,
  loaded: LoadedRequirement,
  verificationId: string,
  session: IdentitySession,
  readAt: Date,
): Promise<SessionApplied> {
  const [row] = await tx
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.organizationId, loaded.requirement.organizationId),
        eq(verifications.id, verificationId),
        isNull(verifications.supersededAt),
      ),
    );
  if (!row || row.status !== VerificationStatus.PendingVerification || row.vendorSessionId !== session.id)
    return 'closed';
  const reading = row.reading as IdentityReading;
  if (reading.vendorReadAt && new Date(reading.vendorReadAt).getTime() > readAt.getTime()) return 'stale';
  const next: IdentityReading = {
    ...reading,
    vendorStatus: session.status,
    vendorReadAt: readAt.toISOString(),
  };
  if (reading.facePhotoChecked !== true || !isFinal(session)) {
    // updated_at is when the vendor was last read: the sweep re-reads what was not read for a while.
    await tx
      .update(verifications)
      .set({ reading: next, updatedAt: new Date() })
      .where(eq(verifications.id, row.id));
    return 'updated';
  }
  await decideIdentity(tx, config, loaded, row, session);
  return 'decided';
}

/**
 * The decision on a final session: verified with the member's name and the stated date of birth →
 * ClearedVerification (the date becomes the member's); anything else → PendingReview with the reasons in words.
 * Only the names and date read are kept; the face photo was never stored.
 */
export async function decideIdentity(
  tx: Executor,
  config: VerificationConfig,
  loaded: LoadedRequirement,
  row: VerificationRow,
  session: IdentitySession,
) {
  const now = new Date();
  // The member's names from the profile: a webhook or the sweep loads the requirement with no actor or names.
  const [profile] = await tx
    .select({ dob: profiles.dateOfBirth, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, loaded.target.profileId));
  const member = { firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '' };
  const read = session.verified ?? { firstName: null, lastName: null, dateOfBirth: null };
  const reading = {
    sources: [],
    firstName: read.firstName,
    lastName: read.lastName,
    dateOfBirth: read.dateOfBirth,
    grade: null,
    documentExpiry: null,
    mrzValid: null,
  };
  const match = compareProof({
    kind: VerificationKind.Age,
    member: { ...member, dateOfBirthOnFile: profile?.dob ?? null },
    stated: { dateOfBirth: row.statedDateOfBirth, grade: null },
    reading,
    text: '',
    today: now.toISOString().slice(0, 10),
  });
  const reasons =
    session.status === 'verified'
      ? match.reasons
      : session.status === 'canceled'
        ? ['The identity provider’s session was canceled before the document was checked']
        : [
            `The identity provider could not verify: ${session.lastError?.reason ?? 'unknown'} (${session.lastError?.code ?? ''})`,
          ];
  const cleared = session.status === 'verified' && reasons.length === 0;
  await tx
    .update(verifications)
    .set({
      status: cleared ? VerificationStatus.ClearedVerification : VerificationStatus.PendingReview,
      reading: { ...read, facePhotoChecked: true, vendorStatus: session.status },
      comparedWith: { ...member, dateOfBirth: row.statedDateOfBirth },
      reasons,
      decidedAt: cleared ? now : null,
      imagesDeleteAfter: null,
      updatedAt: now,
    })
    .where(eq(verifications.id, row.id));
  if (cleared && row.statedDateOfBirth)
    await tx
      .update(profiles)
      .set({ dateOfBirth: row.statedDateOfBirth, updatedAt: now })
      .where(eq(profiles.id, loaded.target.profileId));
  await recordChange(tx, loaded, {
    action: 'identity-verification',
    transition: cleared ? 'upload' : 'submitForReview',
    facts: completedFacts(loaded, now, !cleared),
    data: {
      verificationId: row.id,
      cleared,
      reasons,
      vendorStatus: session.status,
      retentionDays: config.imageRetentionDays,
    },
  });
}

type SyncDeps = Pick<JobDeps, 'db' | 'integrations' | 'log'>;

/**
 * Re-reads one vendor session and applies it to the attempt that opened it (webhooks are hints, ARCHITECTURE §2b):
 * what the `identity.verification_session.*` events and the sweep of open sessions both run. A session none of
 * our live attempts names is ignored; once decided, the vendor's copy is redacted.
 */
export async function syncIdentitySession(
  deps: SyncDeps,
  config: VerificationConfig,
  ctx: { correlationId?: string },
  sessionId: string,
): Promise<WebhookOutcome & { applied?: SessionApplied }> {
  const [attempt] = await deps.db
    .select({
      id: verifications.id,
      organizationId: verifications.organizationId,
      memberRequirementId: verifications.memberRequirementId,
    })
    .from(verifications)
    .where(
      and(
        eq(verifications.vendorSessionId, sessionId),
        eq(verifications.requirementType, RequirementType.IdentityVerification),
        isNull(verifications.supersededAt),
      ),
    );
  if (!attempt) return { outcome: 'ignored' };
  const port = deps.integrations.identity;
  if (!port) throw new Error('no identity provider is configured in this process');
  const readAt = new Date();
  const session = await port.retrieveSession(sessionId, ctx);
  const applied = await deps.db.transaction(async (tx) => {
    const loaded = await lockRequirementForSystem(tx, attempt.organizationId, attempt.memberRequirementId);
    if (!loaded || !loaded.requirement.active) return 'closed' as const;
    return applyIdentitySession(tx, config, loaded, attempt.id, session, readAt);
  });
  if (applied === 'decided') await redact(deps, ctx, sessionId);
  return {
    outcome: applied === 'closed' || applied === 'stale' ? 'ignored' : 'processed',
    organizationId: attempt.organizationId,
    applied,
  };
}

/** Erases the vendor's copy once we decided; a failure is logged (the sweep of decided sessions is the vendor's). */
export async function redact(
  deps: Pick<JobDeps, 'integrations' | 'log'>,
  ctx: { correlationId?: string },
  sessionId: string,
): Promise<void> {
  await deps.integrations.identity
    ?.redactSession(sessionId, ctx)
    .catch((err: unknown) => deps.log.warn({ err, sessionId }, 'could not redact an identity session'));
}
