import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@touchline/contracts/errors';
import {
  identityConsentText,
  identityConsentVersion,
  IdentityNextStep,
  type IdentityStartQuery,
  type IdentityVerification,
} from '@touchline/contracts/identity-verification';
import { RequirementType } from '@touchline/contracts/requirement-types';
import {
  FacePhotoFailureReason,
  facePhotoFailureMessages,
  VerificationKind,
  VerificationStatus,
} from '@touchline/contracts/verification';
import { authorize } from '../../authz/rules.ts';
import type { Executor } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { AppError, conflict, invalid } from '../../errors.ts';
import { actsForSelf } from '../../requirement-core/requirement-actions.policy.ts';
import {
  guardTransition,
  liveSubmission,
  recordChange,
  replaceSubmission,
} from '../../requirement-core/requirement-state.ts';
import {
  loadRequirement,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import { latestVerification } from './age-verification.service.ts';
import { checkFacePhoto } from './face-check.ts';
import type { VerificationConfig } from './verification.config.ts';
import { applyIdentitySession, redact, type IdentityReading } from './identity-session-sync.ts';
import { verificationStatusOf } from './verification-state.ts';

const WaitingOnApplicant = 1;
const documentKinds = {
  GovernmentIssuedPassport: ['passport'],
  GovernmentIssuedId: ['driving_license', 'id_card'],
} as const;

function requireIdentity(loaded: LoadedRequirement): void {
  if (loaded.target.type !== RequirementType.IdentityVerification)
    throw invalid([
      { field: 'id', in: 'params', message: 'This requirement is not an identity verification' },
    ]);
}

function portOf(deps: Pick<Deps, 'integrations'>) {
  const port = deps.integrations.identity;
  if (!port) throw conflict('Identity verification is not available: no identity provider is configured');
  return port;
}

async function present(
  db: Executor,
  deps: Pick<Deps, 'integrations'>,
  loaded: LoadedRequirement,
): Promise<IdentityVerification> {
  const latest = await latestVerification(db, loaded.requirement.organizationId, loaded.requirement.id);
  const consent = await liveSubmission(db, loaded, 'identity-consent');
  const status = verificationStatusOf(latest, loaded.requirement);
  const reading = latest?.reading as IdentityReading | undefined;
  const facePhotoChecked = reading?.facePhotoChecked === true;
  const pending = status === VerificationStatus.PendingVerification;
  // The vendor is checking what the member gave it (a webhook or the sweep said so): nothing left to do there.
  const atVendor = reading?.vendorStatus === 'processing';
  let nextStep: IdentityNextStep = IdentityNextStep.Done;
  // A verification shared from another organization meets it (ADR 049): nothing to start here.
  if (loaded.sharedStanding) nextStep = IdentityNextStep.Done;
  else if (status === VerificationStatus.Incomplete || status === VerificationStatus.RejectedReview)
    nextStep = IdentityNextStep.Consent;
  else if (pending)
    nextStep = !facePhotoChecked
      ? IdentityNextStep.Photo
      : reading?.vendorUrl && !atVendor
        ? IdentityNextStep.Vendor
        : IdentityNextStep.Wait;
  else if (status === VerificationStatus.PendingReview) nextStep = IdentityNextStep.Wait;
  const compared = latest?.comparedWith as IdentityVerification['comparedWith'] | undefined;
  const read =
    reading && 'firstName' in reading
      ? {
          firstName: reading.firstName ?? null,
          lastName: reading.lastName ?? null,
          dateOfBirth: reading.dateOfBirth ?? null,
        }
      : null;
  return {
    definitionId: loaded.definition.id,
    status,
    nextStep,
    consent: {
      text: identityConsentText,
      version: identityConsentVersion,
      acceptedAt: latest && consent ? consent.createdAt.toISOString() : null,
    },
    vendorUrl: pending && facePhotoChecked && !atVendor ? (reading?.vendorUrl ?? null) : null,
    vendorIsSandbox: deps.integrations.identity?.sandbox ?? false,
    read,
    comparedWith: compared && 'firstName' in compared ? compared : null,
    reasons: latest?.reasons ?? [],
    facePhotoChecked,
  };
}

/** GET {id}/identity-verification?plaId: the state and the member's next step. */
export async function getIdentityVerification(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
) {
  const loaded = await loadRequirement(deps.db, ctx, ref, 'view');
  requireIdentity(loaded);
  return present(deps.db, deps, loaded);
}

/**
 * POST {id}/start-identity-verification?plaId&documentType&dateOfBirth&consent=accepted: the consent (its text
 * version) is recorded first, then the vendor's session opens (idempotency key from our ids) and the requirement
 * waits on the member (WaitingOnApplicant, verification PendingVerification). No face has been captured yet.
 */
export async function startIdentityVerification(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { query: IdentityStartQuery },
) {
  const check = (loaded: LoadedRequirement) => {
    requireIdentity(loaded);
    authorize(actsForSelf(ctx, loaded.target));
    if (input.query.documentType === 'BirthCertificate')
      throw invalid([
        {
          field: 'documentType',
          in: 'query',
          message:
            'A birth certificate cannot be checked with a selfie: choose a passport or a government ID',
        },
      ]);
    guardTransition(loaded, 'submitForReview');
  };
  check(await loadRequirement(deps.db, ctx, input, 'begin'));
  const port = portOf(deps);
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'begin', { lock: true });
    check(loaded);
    const now = new Date();
    await replaceSubmission(tx, loaded, 'identity-consent', {
      version: identityConsentVersion,
      acceptedAt: now.toISOString(),
    });
    await tx
      .update(verifications)
      .set({ supersededAt: now })
      .where(
        and(
          eq(verifications.organizationId, ctx.organizationId),
          eq(verifications.memberRequirementId, loaded.requirement.id),
        ),
      );
    const [row] = await tx
      .insert(verifications)
      .values({
        organizationId: ctx.organizationId,
        memberRequirementId: loaded.requirement.id,
        profileId: loaded.target.profileId,
        requirementType: RequirementType.IdentityVerification,
        kind: VerificationKind.Age,
        status: VerificationStatus.PendingVerification,
        proofType: input.query.documentType,
        statedDateOfBirth: input.query.dateOfBirth,
        createdByUserId: ctx.userId,
      })
      .returning();
    if (!row) throw new Error('the verification was not written');
    const session = await port.createSession(
      {
        idempotencyKey: `touchline-idv-${row.id}`,
        documentKinds: documentKinds[input.query.documentType as keyof typeof documentKinds],
        metadata: { organizationId: ctx.organizationId, verificationId: row.id },
        returnUrl: deps.appUrl,
      },
      { correlationId: ctx.requestId },
    );
    await tx
      .update(verifications)
      .set({ vendorSessionId: session.id, reading: { vendorUrl: session.url, facePhotoChecked: false } })
      .where(eq(verifications.id, row.id));
    await recordChange(tx, loaded, {
      action: 'start-identity-verification',
      facts: { waitingOn: WaitingOnApplicant },
      data: { verificationId: row.id, consentVersion: identityConsentVersion },
    });
    return present(tx, deps, loaded);
  });
}

function faceRefusal(reason: FacePhotoFailureReason): AppError {
  const message = facePhotoFailureMessages[reason];
  return new AppError(ErrorCode.ValidationFailed, message, {
    details: reason,
    validationErrors: [{ field: 'photo', in: 'body', message }],
  });
}

/**
 * POST {id}/progress-identity-verification?plaId [multipart `photo`]: with a photo, the face checks run on it in
 * memory (a failure is a 400 with the spec's reason; nothing of the face is kept, only that it passed); then the
 * vendor's session is read again (polling): verified with the member's name and stated date of birth →
 * ClearedVerification; verified otherwise, or refused by the vendor → PendingReview with what was read and why;
 * still with the member or processing → PendingVerification. The vendor's copy is redacted once we decide.
 */
export async function progressIdentityVerification(
  deps: Deps,
  ctx: RequestContext,
  config: VerificationConfig,
  input: RequirementRef & { photo: Buffer | null },
) {
  const first = await loadRequirement(deps.db, ctx, input, 'view');
  requireIdentity(first);
  if (input.photo) {
    authorize(actsForSelf(ctx, first.target));
    const reason = await checkFacePhoto(input.photo);
    if (reason !== FacePhotoFailureReason.None) throw faceRefusal(reason);
  }
  const latest = await latestVerification(deps.db, ctx.organizationId, first.requirement.id);
  if (!latest || latest.status !== VerificationStatus.PendingVerification || !latest.vendorSessionId)
    return present(deps.db, deps, first);
  const port = portOf(deps);
  const readAt = new Date();
  const session = await port.retrieveSession(latest.vendorSessionId, { correlationId: ctx.requestId });
  const applied = await deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'view', { lock: true });
    if (input.photo) {
      // Re-read under the lock: a webhook may have recorded the vendor's progress since.
      const [row] = await tx.select().from(verifications).where(eq(verifications.id, latest.id));
      await tx
        .update(verifications)
        .set({ reading: { ...row?.reading, facePhotoChecked: true }, updatedAt: new Date() })
        .where(eq(verifications.id, latest.id));
    }
    return applyIdentitySession(tx, config, loaded, latest.id, session, readAt);
  });
  if (applied === 'decided') await redact(deps, { correlationId: ctx.requestId }, session.id);
  return getIdentityVerification(deps, ctx, input);
}
