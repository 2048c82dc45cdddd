import type {
  AgeProofType,
  AgeVerificationAttempt,
  ProofReading,
} from '@touchline/contracts/age-verification';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { VerificationStatus } from '@touchline/contracts/verification';
import type { verifications } from '../../db/schema/index.ts';
import type { MemberRequirementRow } from '../../requirement-core/requirement-target.ts';

/** A verification row. */
export type VerificationRow = typeof verifications.$inferSelect;

/**
 * The spec's verification status (§4) of a member's latest attempt (ADR 039): the attempt says what the machine
 * concluded (PendingVerification, ClearedVerification, PendingReview); for one in review the requirement's review
 * outcome says how the reviewer decided (ClearedReview, RejectedReview). A requirement reset by a manager reads
 * Incomplete whatever the last attempt said.
 */
export function verificationStatusOf(
  latest: Pick<VerificationRow, 'status'> | undefined,
  requirement: Pick<MemberRequirementRow, 'completedAt' | 'pendingReview' | 'reviewOutcome' | 'waitingOn'>,
): VerificationStatus {
  if (!latest) return VerificationStatus.Incomplete;
  if (latest.status === VerificationStatus.PendingVerification)
    return requirement.completedAt === null && requirement.waitingOn === null && !requirement.pendingReview
      ? VerificationStatus.Incomplete
      : VerificationStatus.PendingVerification;
  if (requirement.pendingReview) return VerificationStatus.PendingReview;
  if (
    requirement.reviewOutcome === ReviewOutcome.RejectedReset ||
    requirement.reviewOutcome === ReviewOutcome.RejectedDisqualified
  )
    return VerificationStatus.RejectedReview;
  if (requirement.completedAt === null) return VerificationStatus.Incomplete;
  if (latest.status === VerificationStatus.PendingReview)
    return requirement.reviewOutcome === ReviewOutcome.Approved
      ? VerificationStatus.ClearedReview
      : VerificationStatus.Incomplete;
  return VerificationStatus.ClearedVerification;
}

const emptyReading: ProofReading = {
  sources: [],
  firstName: null,
  lastName: null,
  dateOfBirth: null,
  grade: null,
  documentExpiry: null,
  mrzValid: null,
};

/** One attempt as the API shows it. */
export function attemptOf(row: VerificationRow): AgeVerificationAttempt {
  const compared = row.comparedWith as Partial<AgeVerificationAttempt['comparedWith']>;
  return {
    id: row.id,
    proofType: row.proofType as AgeProofType,
    statedDateOfBirth: row.statedDateOfBirth,
    statedGrade: row.statedGrade,
    read: { ...emptyReading, ...(row.reading as Partial<ProofReading>) },
    comparedWith: {
      firstName: compared.firstName ?? '',
      lastName: compared.lastName ?? '',
      dateOfBirth: compared.dateOfBirth ?? null,
      grade: compared.grade ?? null,
    },
    reasons: row.reasons,
    sharpness: Math.round(row.sharpness),
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    imageKept: row.proofFileId !== null && row.imagesDeletedAt === null,
  };
}
