import { z } from 'zod';
import { requirementMemberQuerySchema } from './requirement-completion.ts';
import {
  AgeGradeProofType,
  IdentityDocumentType,
  gradeSchema,
  identityDocumentTypeSchema,
  verificationKindSchema,
  verificationStatusSchema,
} from './verification.ts';

/**
 * The age and grade verification calls (spec §7 `age-verification`, type 7; ADR 039): GET reads the member's
 * verification, POST hands in a proof (multipart `file`, one image) with what the member states in the query.
 */

/** Every proof a member may upload: the identity documents prove age, the school documents prove grade (§5). */
export const AgeProofType = { ...IdentityDocumentType, ...AgeGradeProofType } as const;
/** One proof type. */
export type AgeProofType = (typeof AgeProofType)[keyof typeof AgeProofType];
/** Validates a proof type arriving in a request. */
export const ageProofTypeSchema = z.enum(AgeProofType, { message: 'Choose the kind of document' });

/** Proof types that show a date of birth (§5 identity document types). */
export const ageProofTypes: readonly AgeProofType[] = Object.values(IdentityDocumentType);
/** Proof types that show a school grade (§5 age/grade proof types). */
export const gradeProofTypes: readonly AgeProofType[] = Object.values(AgeGradeProofType);

/** A calendar date (YYYY-MM-DD) that exists and is not in the future. */
const birthDateSchema = z.iso
  .date('Enter the date of birth')
  .refine(
    (value) => value <= new Date().toISOString().slice(0, 10),
    'The date of birth cannot be in the future',
  );

/**
 * Query of POST {id}/age-verification?plaId: the date of birth and/or grade the member states and the kind of
 * proof attached; which of them the definition's kind needs is checked by the server (a 400 names the field).
 */
export const ageVerificationSubmitQuerySchema = requirementMemberQuerySchema.extend({
  proofType: ageProofTypeSchema,
  dateOfBirth: birthDateSchema.optional(),
  grade: z.coerce.number({ message: 'Choose a grade' }).pipe(gradeSchema).optional(),
});
/** The parsed submit query. */
export type AgeVerificationSubmitQuery = z.infer<typeof ageVerificationSubmitQuerySchema>;

/** What the server read on a proof, and where (OCR text, an AAMVA PDF417 barcode, a passport MRZ). */
export const proofReadingSchema = z.object({
  sources: z.array(z.enum(['ocr', 'pdf417', 'mrz'])),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  grade: z.number().int().nullable(),
  documentExpiry: z.string().nullable(),
  mrzValid: z.boolean().nullable(),
});
/** What was read on a proof. */
export type ProofReading = z.infer<typeof proofReadingSchema>;

/** One verification attempt as the member and their reviewers see it. */
export const ageVerificationAttemptSchema = z.object({
  id: z.uuid(),
  proofType: ageProofTypeSchema,
  statedDateOfBirth: z.string().nullable(),
  statedGrade: z.number().int().nullable(),
  read: proofReadingSchema,
  /** What the reading was compared with: the member's name, and the stated date of birth/grade. */
  comparedWith: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string().nullable(),
    grade: z.number().int().nullable(),
  }),
  /** Why it was not cleared without a person (empty when it was). */
  reasons: z.array(z.string()),
  sharpness: z.number(),
  submittedAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whether the proof image is still kept (deleted after the organization's retention). */
  imageKept: z.boolean(),
});
/** One attempt. */
export type AgeVerificationAttempt = z.infer<typeof ageVerificationAttemptSchema>;

/** Answer of GET and POST {id}/age-verification. */
export const ageVerificationSchema = z.object({
  definitionId: z.uuid(),
  kind: verificationKindSchema,
  status: verificationStatusSchema,
  /** The proof types this definition's kind accepts. */
  acceptedProofTypes: z.array(ageProofTypeSchema),
  /** Whether the member may hand in a (new) proof now. */
  maySubmit: z.boolean(),
  /** The member's date of birth on file, and whether a verification proved it. */
  dateOfBirth: z.string().nullable(),
  dateOfBirthVerified: z.boolean(),
  latest: ageVerificationAttemptSchema.nullable(),
  /**
   * What the league asks more of a member born abroad, stated before any upload (ADR 039 "Citizenship"): null when
   * the definition asks nothing more (or asks only a grade); else the documents asked and whether it applies to this
   * member — Applies, DoesNotApply, or CitizenshipNeeded (save the citizenship data first).
   */
  abroadRule: z
    .object({
      proofTypes: z.array(identityDocumentTypeSchema),
      applies: z.enum(['Applies', 'DoesNotApply', 'CitizenshipNeeded']),
      /** The member's profile, for saving the citizenship from the panel (save-citizenship-data). */
      profileId: z.uuid(),
    })
    .nullable(),
});
/** The member's age verification. */
export type AgeVerification = z.infer<typeof ageVerificationSchema>;

/** Answer of GET {id}/age-verification-proof?plaId: an expiring link to the proof image (every call audited). */
export const verificationProofLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
/** An expiring link to a proof image. */
export type VerificationProofLink = z.infer<typeof verificationProofLinkSchema>;
