import {
  ageGradeProofTypeLabels,
  gradeLabel,
  identityDocumentTypeLabels,
} from '@touchline/contracts/verification';
import type { AgeProofType } from '@touchline/contracts/age-verification';
import type { VerificationStatus } from '@touchline/contracts/verification';

/** The spec's label of a proof type (§5). */
export function proofTypeLabel(type: AgeProofType): string {
  return (
    (identityDocumentTypeLabels as Record<string, string>)[type] ??
    (ageGradeProofTypeLabels as Record<string, string>)[type] ??
    type
  );
}

/** What each verification status (§4) tells the member. */
export const statusMessages: Record<VerificationStatus, string> = {
  Incomplete: 'Not verified yet.',
  PendingVerification: 'Your document is being checked.',
  ClearedVerification: 'Verified: the document matched.',
  PendingReview: 'A reviewer of your organization will check your document.',
  ClearedReview: 'Verified by a reviewer.',
  RejectedReview: 'The reviewer could not accept this document. Please upload another one.',
};

/** A grade number as its label, or a dash. */
export const gradeText = (grade: number | null) =>
  grade === null ? '—' : (gradeLabel(grade) ?? String(grade));
