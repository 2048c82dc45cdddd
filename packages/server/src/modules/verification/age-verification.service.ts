import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  ageProofTypes,
  gradeProofTypes,
  type AgeProofType,
  type AgeVerification,
  type AgeVerificationSubmitQuery,
  type ProofReading,
  type VerificationProofLink,
} from '@touchline/contracts/age-verification';
import { ageVerificationContentSchema } from '@touchline/contracts/content';
import { ErrorCode, type ValidationError } from '@touchline/contracts/errors';
import { RequirementType } from '@touchline/contracts/requirement-types';
import {
  documentImageErrorMessages,
  VerificationKind,
  VerificationStatus,
  identityDocumentTypeLabels,
} from '@touchline/contracts/verification';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { profiles, storedFiles, verifications } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { sealFileBytes } from '../../storage/file-cipher.ts';
import { expiringFileLink } from '../../storage/file-links.ts';
import { newStorageKey } from '../../storage/storage.ts';
import { checkFileType } from '../../storage/upload-check.ts';
import { actsForSelf, mayTakeAction } from '../../requirement-core/requirement-actions.policy.ts';
import {
  actionResult,
  completedFacts,
  guardTransition,
  recordChange,
} from '../../requirement-core/requirement-state.ts';
import {
  loadRequirement,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import { abroadRuleOf } from './abroad-rule.ts';
import { checkDocumentImage, DocumentImageRefused } from './document-image.ts';
import { readProof } from './document-reader.ts';
import type { VerificationConfig } from './verification.config.ts';
import { compareProof } from './verification-match.ts';
import { attemptOf, verificationStatusOf, type VerificationRow } from './verification-state.ts';

/** An uploaded proof read into memory. */
export type ProofUpload = { bytes: Buffer; originalName: string };

const kindOf = (loaded: LoadedRequirement): VerificationKind =>
  ageVerificationContentSchema.safeParse(loaded.definition.content).data?.kind ?? VerificationKind.Age;

/** The proof types a kind accepts: identity documents for age, school documents for grade, either for both. */
export function acceptedProofTypes(kind: VerificationKind): AgeProofType[] {
  if (kind === VerificationKind.Age) return [...ageProofTypes];
  if (kind === VerificationKind.Grade) return [...gradeProofTypes];
  return [...ageProofTypes, ...gradeProofTypes];
}

function requireAgeVerification(loaded: LoadedRequirement): void {
  if (loaded.target.type !== RequirementType.AgeVerification)
    throw invalid([{ field: 'id', in: 'params', message: 'This requirement is not an age verification' }]);
}

/** The member's live (not superseded) verification of a requirement, newest first. */
export async function latestVerification(
  db: Executor,
  organizationId: string,
  memberRequirementId: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.organizationId, organizationId),
        eq(verifications.memberRequirementId, memberRequirementId),
        isNull(verifications.supersededAt),
      ),
    )
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row;
}

async function dateOfBirthOnFile(db: Executor, profileId: string): Promise<string | null> {
  const [row] = await db
    .select({ dob: profiles.dateOfBirth })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.dob ?? null;
}

function maySubmitNow(ctx: RequestContext, loaded: LoadedRequirement): boolean {
  if (!actsForSelf(ctx, loaded.target)) return false;
  try {
    guardTransition(loaded, 'submitForReview');
    return true;
  } catch {
    return false;
  }
}

async function present(
  db: Executor,
  ctx: RequestContext,
  loaded: LoadedRequirement,
): Promise<AgeVerification> {
  const kind = kindOf(loaded);
  const latest = await latestVerification(db, ctx.organizationId, loaded.requirement.id);
  const dob = await dateOfBirthOnFile(db, loaded.target.profileId);
  const status = verificationStatusOf(latest, loaded.requirement);
  const verifiedDob =
    latest?.statedDateOfBirth != null &&
    latest.statedDateOfBirth === dob &&
    (status === VerificationStatus.ClearedVerification || status === VerificationStatus.ClearedReview);
  return {
    definitionId: loaded.definition.id,
    kind,
    status,
    acceptedProofTypes: acceptedProofTypes(kind),
    maySubmit: maySubmitNow(ctx, loaded),
    dateOfBirth: dob,
    dateOfBirthVerified: verifiedDob && kind !== VerificationKind.Grade,
    latest: latest ? attemptOf(latest) : null,
    abroadRule: await abroadRuleOf(db, loaded),
  };
}

/** GET {id}/age-verification?plaId: the member's verification, what was read and why, and what they may do. */
export async function getAgeVerification(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<AgeVerification> {
  const loaded = await loadRequirement(deps.db, ctx, ref, 'view');
  requireAgeVerification(loaded);
  return present(deps.db, ctx, loaded);
}

/** The 400s of a submission the definition's kind does not fit (field named, so the form shows it). */
function statedErrors(kind: VerificationKind, q: AgeVerificationSubmitQuery): ValidationError[] {
  const errors: ValidationError[] = [];
  if (kind !== VerificationKind.Grade && !q.dateOfBirth)
    errors.push({ field: 'dateOfBirth', in: 'query', message: 'Enter the date of birth' });
  if (kind !== VerificationKind.Age && q.grade === undefined)
    errors.push({ field: 'grade', in: 'query', message: 'Choose a grade' });
  if (!acceptedProofTypes(kind).includes(q.proofType))
    errors.push({
      field: 'proofType',
      in: 'query',
      message: 'This kind of document does not prove what is asked',
    });
  return errors;
}

/** The abroad rule's 400s, named on the field the form shows (ADR 039 "Citizenship"), before the file is read. */
async function checkCitizenship(
  db: Executor,
  loaded: LoadedRequirement,
  q: AgeVerificationSubmitQuery,
): Promise<void> {
  const rule = await abroadRuleOf(db, loaded);
  if (rule?.applies === 'CitizenshipNeeded') {
    const message = 'Save the citizenship data first: this league asks more of a member born abroad';
    throw invalid([{ field: 'citizenship', in: 'query', message }], message);
  }
  if (rule?.applies === 'Applies' && !(rule.proofTypes as string[]).includes(q.proofType)) {
    const message = `A member born abroad shows: ${rule.proofTypes.map((t) => identityDocumentTypeLabels[t]).join(' or ')}`;
    throw invalid([{ field: 'proofType', in: 'query', message }], message);
  }
}

/** A refused document image: a 400 on `file` with the spec's guidance, its code in `details` for the client. */
function imageError(err: DocumentImageRefused): AppError {
  const message = documentImageErrorMessages[err.reason];
  return new AppError(ErrorCode.ValidationFailed, message, {
    details: err.reason,
    validationErrors: [{ field: 'file', in: 'body', message }],
  });
}

/**
 * POST {id}/age-verification?plaId&proofType&dateOfBirth&grade (multipart `file`, issue 29): the member (or their
 * guardian) states the date of birth and/or grade and hands in one photo of a proof. The image is checked (too
 * blurry, processing error) and read before anything is stored; a match of name and date of birth (and grade)
 * clears it without a person (ClearedVerification, and the date of birth becomes the member's), anything else
 * waits for a reviewer with what was read and why (PendingReview). The proof is kept as a stored file that no
 * requirement file list shows, until the retention sweep deletes it.
 */
export async function submitAgeVerification(
  deps: Deps,
  ctx: RequestContext,
  config: VerificationConfig,
  input: RequirementRef & { query: AgeVerificationSubmitQuery; read: () => Promise<ProofUpload> },
): Promise<AgeVerification> {
  const check = (loaded: LoadedRequirement) => {
    requireAgeVerification(loaded);
    authorize(actsForSelf(ctx, loaded.target));
    const errors = statedErrors(kindOf(loaded), input.query);
    if (errors.length > 0) throw invalid(errors, errors[0]?.message);
    guardTransition(loaded, 'submitForReview');
  };
  const first = await loadRequirement(deps.db, ctx, input, 'upload');
  check(first);
  await checkCitizenship(deps.db, first, input.query);
  const upload = await input.read();
  const type = await checkFileType(upload.bytes, upload.originalName);
  if ('refused' in type) throw invalid([{ field: 'file', in: 'body', message: type.refused }], type.refused);
  if (type.extension !== 'png' && type.extension !== 'jpeg') {
    const message = 'Upload a photo of the document (JPEG or PNG)';
    throw invalid([{ field: 'file', in: 'body', message }], message);
  }
  const image = await checkDocumentImage(upload.bytes, config.blurThreshold).catch((err: unknown) => {
    throw err instanceof DocumentImageRefused ? imageError(err) : err;
  });
  const now = new Date();
  const read = await readProof(image.png, now);
  const key = newStorageKey();
  // A child's document: sealed at rest under the deployment's current file key, opened only behind the link.
  const { keyId, sealed } = sealFileBytes(deps.fileKeys, key, upload.bytes);
  await deps.storage.put(key, sealed, 'application/octet-stream');
  try {
    await deps.db.transaction(async (tx) => {
      const loaded = await loadRequirement(tx, ctx, input, 'upload', { lock: true });
      check(loaded);
      await checkCitizenship(tx, loaded, input.query);
      await record(tx, ctx, config, loaded, {
        upload,
        contentType: type.contentType,
        key,
        keyId,
        read,
        image,
        now,
        input,
      });
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
  return getAgeVerification(deps, ctx, input);
}

async function record(
  tx: Executor,
  ctx: RequestContext,
  config: VerificationConfig,
  loaded: LoadedRequirement,
  a: {
    upload: ProofUpload;
    contentType: string;
    key: string;
    keyId: string;
    read: { reading: ProofReading; text: string };
    image: { sharpness: number };
    now: Date;
    input: { query: AgeVerificationSubmitQuery };
  },
): Promise<void> {
  const kind = kindOf(loaded);
  const q = a.input.query;
  const onFile = await dateOfBirthOnFile(tx, loaded.target.profileId);
  const member = { ...loaded.member, dateOfBirthOnFile: onFile };
  const stated = { dateOfBirth: q.dateOfBirth ?? null, grade: q.grade ?? null };
  const result = compareProof({
    kind,
    member,
    stated,
    reading: a.read.reading,
    text: a.read.text,
    today: a.now.toISOString().slice(0, 10),
  });
  const [stored] = await tx
    .insert(storedFiles)
    .values({
      organizationId: ctx.organizationId,
      purpose: 'verification-proof',
      storageKey: a.key,
      contentType: a.contentType,
      byteSize: a.upload.bytes.length,
      originalName: a.upload.originalName,
      encryptionKeyId: a.keyId,
      createdByUserId: ctx.userId,
    })
    .returning({ id: storedFiles.id });
  const retention = new Date(a.now.getTime() + config.imageRetentionDays * 86_400_000);
  // An earlier attempt is decided by now (it was rejected or reset): its image's retention starts here at the latest.
  await tx
    .update(verifications)
    .set({
      supersededAt: a.now,
      decidedAt: sql`coalesce(${verifications.decidedAt}, ${a.now.toISOString()}::timestamptz)`,
      imagesDeleteAfter: sql`coalesce(${verifications.imagesDeleteAfter}, ${retention.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(verifications.organizationId, ctx.organizationId),
        eq(verifications.memberRequirementId, loaded.requirement.id),
        isNull(verifications.supersededAt),
      ),
    );
  const [row] = await tx
    .insert(verifications)
    .values({
      organizationId: ctx.organizationId,
      memberRequirementId: loaded.requirement.id,
      profileId: loaded.target.profileId,
      requirementType: RequirementType.AgeVerification,
      kind,
      status: result.cleared ? VerificationStatus.ClearedVerification : VerificationStatus.PendingReview,
      proofType: q.proofType,
      statedDateOfBirth: stated.dateOfBirth,
      statedGrade: stated.grade,
      reading: a.read.reading,
      comparedWith: { firstName: member.firstName, lastName: member.lastName, ...stated },
      reasons: result.reasons,
      sharpness: a.image.sharpness,
      proofFileId: stored?.id ?? null,
      decidedAt: result.cleared ? a.now : null,
      imagesDeleteAfter: result.cleared ? retention : null,
      createdByUserId: ctx.userId,
    })
    .returning({ id: verifications.id });
  if (result.cleared && stated.dateOfBirth && kind !== VerificationKind.Grade)
    await tx
      .update(profiles)
      .set({ dateOfBirth: stated.dateOfBirth, updatedAt: a.now })
      .where(and(eq(profiles.id, loaded.target.profileId), eq(profiles.organizationId, ctx.organizationId)));
  await recordChange(tx, loaded, {
    action: 'age-verification',
    transition: result.cleared ? 'upload' : 'submitForReview',
    facts: completedFacts(loaded, a.now, !result.cleared),
    data: {
      verificationId: row?.id,
      cleared: result.cleared,
      reasons: result.reasons,
      proofType: q.proofType,
    },
  });
  await actionResult(tx, loaded);
}

/**
 * GET {id}/age-verification-proof?plaId: an expiring link to the proof image, for the member, their guardian and
 * reviewers with the review action only; every call is audited (issue 29: every view of an image).
 */
export async function ageVerificationProofLink(
  deps: Pick<Deps, 'db' | 'fileLinks'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<VerificationProofLink> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, ref, 'view');
    requireAgeVerification(loaded);
    authorize(actsForSelf(ctx, loaded.target) || mayTakeAction(ctx, loaded.target, 'review'));
    const latest = await latestVerification(tx, ctx.organizationId, loaded.requirement.id);
    if (!latest?.proofFileId || latest.imagesDeletedAt) throw notFound('Proof image');
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'verification.image_viewed',
      entityType: 'verification',
      entityId: latest.id,
      data: { memberRequirementId: loaded.requirement.id, profileId: loaded.target.profileId },
    });
    return expiringFileLink(deps.fileLinks, { id: latest.proofFileId, organizationId: ctx.organizationId });
  });
}
