import { z } from 'zod';

/** Status of an age/identity verification (§4); the spec gives no numbers, so values equal the names. */
export const VerificationStatus = {
  Incomplete: 'Incomplete',
  PendingVerification: 'PendingVerification',
  ClearedVerification: 'ClearedVerification',
  PendingReview: 'PendingReview',
  ClearedReview: 'ClearedReview',
  RejectedReview: 'RejectedReview',
} as const;
/** One verification status. */
export type VerificationStatus = (typeof VerificationStatus)[keyof typeof VerificationStatus];

/** Validates a verification status arriving in a request. */
export const verificationStatusSchema = z.enum(VerificationStatus);

/** What an age verification proves (§4); values equal the names, labels below. */
export const VerificationKind = { Age: 'Age', Grade: 'Grade', AgeAndGrade: 'AgeAndGrade' } as const;
/** One verification kind. */
export type VerificationKind = (typeof VerificationKind)[keyof typeof VerificationKind];

/** Labels of verification kinds; the spec writes the third one 'Age & Grade'. */
export const verificationKindLabels = {
  Age: 'Age',
  Grade: 'Grade',
  AgeAndGrade: 'Age & Grade',
} as const satisfies Record<VerificationKind, string>;

/** Validates a verification kind arriving in a request. */
export const verificationKindSchema = z.enum(VerificationKind);

/** Progress of an activation (§4); the spec gives no numbers, so values equal the names. */
export const Activation = {
  NotStarted: 'NotStarted',
  InProgress: 'InProgress',
  Submitted: 'Submitted',
  Activated: 'Activated',
} as const;
/** One activation state. */
export type Activation = (typeof Activation)[keyof typeof Activation];

/** Validates an activation state arriving in a request. */
export const activationSchema = z.enum(Activation);

/** One selectable school grade. */
export interface GradeOption {
  readonly value: number;
  readonly label: string;
}

function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** Grade options of §5: -2 Homeschooled, -1 Pre-K, 0 Kindergarten, then '1st Grade' … '12th Grade'. */
export const gradeOptions: readonly GradeOption[] = [
  { value: -2, label: 'Homeschooled' },
  { value: -1, label: 'Pre-K' },
  { value: 0, label: 'Kindergarten' },
  ...Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `${ordinal(i + 1)} Grade` })),
];

/** Label of a grade number (e.g. -1 → 'Pre-K'), or undefined outside the options. */
export function gradeLabel(value: number): string | undefined {
  return gradeOptions.find((option) => option.value === value)?.label;
}

/** Validates a grade number (-2 … 12) arriving in a request. */
export const gradeSchema = z.number().int().min(-2).max(12);

/** Identity document types of §5; values equal the names, labels below. */
export const IdentityDocumentType = {
  BirthCertificate: 'BirthCertificate',
  GovernmentIssuedPassport: 'GovernmentIssuedPassport',
  GovernmentIssuedId: 'GovernmentIssuedId',
} as const;
/** One identity document type. */
export type IdentityDocumentType = (typeof IdentityDocumentType)[keyof typeof IdentityDocumentType];

/** The spec's labels for identity document types. */
export const identityDocumentTypeLabels = {
  BirthCertificate: 'Birth Certificate',
  GovernmentIssuedPassport: 'Government Issued Passport',
  GovernmentIssuedId: 'Government Issued ID',
} as const satisfies Record<IdentityDocumentType, string>;

/** Validates an identity document type arriving in a request. */
export const identityDocumentTypeSchema = z.enum(IdentityDocumentType);

/** Documents accepted as proof of age or grade (§5); values equal the names, labels below. */
export const AgeGradeProofType = {
  SchoolId: 'SchoolId',
  ReportCard: 'ReportCard',
  ProgressReport: 'ProgressReport',
  OnlineAccountScreenshot: 'OnlineAccountScreenshot',
} as const;
/** One age/grade proof type. */
export type AgeGradeProofType = (typeof AgeGradeProofType)[keyof typeof AgeGradeProofType];

/** The spec's labels for age/grade proof types. */
export const ageGradeProofTypeLabels = {
  SchoolId: 'School ID',
  ReportCard: 'Report Card',
  ProgressReport: 'Progress Report',
  OnlineAccountScreenshot: 'Online Account Screenshot',
} as const satisfies Record<AgeGradeProofType, string>;

/** Validates an age/grade proof type arriving in a request. */
export const ageGradeProofTypeSchema = z.enum(AgeGradeProofType);

/** Why a face photo was refused (§5); values equal the names, messages below. */
export const FacePhotoFailureReason = {
  None: 'None',
  NoFaceDetected: 'NoFaceDetected',
  MultipleFacesDetected: 'MultipleFacesDetected',
  SunglassesDetected: 'SunglassesDetected',
  FaceCovered: 'FaceCovered',
  FaceTooSmall: 'FaceTooSmall',
  Other: 'Other',
} as const;
/** One face photo failure reason. */
export type FacePhotoFailureReason = (typeof FacePhotoFailureReason)[keyof typeof FacePhotoFailureReason];

/** The spec's wording for each face photo failure, shown to the member as is. */
export const facePhotoFailureMessages = {
  None: 'None',
  NoFaceDetected: 'No face detected',
  MultipleFacesDetected: 'Multiple faces detected',
  SunglassesDetected: 'Sunglasses detected',
  FaceCovered: 'Face is covered',
  FaceTooSmall: 'Face too small',
  Other: 'An unexpected error occurred. Please try again. If the problem persists, please contact support',
} as const satisfies Record<FacePhotoFailureReason, string>;

/** Validates a face photo failure reason sent by the server. */
export const facePhotoFailureReasonSchema = z.enum(FacePhotoFailureReason);

/** Why a document image was refused (§5); values equal the names, guidance below. */
export const DocumentImageError = { TooBlurry: 'TooBlurry', ProcessingError: 'ProcessingError' } as const;
/** One document image error. */
export type DocumentImageError = (typeof DocumentImageError)[keyof typeof DocumentImageError];

/** Guidance per document image error; the spec gives the gist (§5), the sentences are our wording of it. */
export const documentImageErrorMessages = {
  TooBlurry:
    'The image is too blurry. Please take a new photo with better lighting and focus, making sure all text is sharp and legible.',
  ProcessingError: 'There was an error processing the image. Please try uploading a different image.',
} as const satisfies Record<DocumentImageError, string>;

/** Validates a document image error sent by the server. */
export const documentImageErrorSchema = z.enum(DocumentImageError);

/** Multipart field name of the webcam photo upload (§3), shared so client and server agree. */
export const webcamPhotoFieldName = 'photo';
