import { z } from 'zod';
import { requirementMemberQuerySchema } from './requirement-completion.ts';
import { identityDocumentTypeSchema, verificationStatusSchema } from './verification.ts';

/**
 * The identity verification calls (spec §7, type 9; ADR 039): `identity-verification` reads the state,
 * `start-identity-verification` records the consent and opens the vendor's session, and
 * `progress-identity-verification` takes the face photo (multipart field `photo`, §3) for the face checks and
 * reports the vendor's progress.
 */

/** Version of the consent text below; a change of wording is a new version, recorded with each consent. */
export const identityConsentVersion = 1;

/** What the member (or guardian) reads and accepts before any face is captured (issue 29 privacy). */
export const identityConsentText =
  'To verify your identity we check a photo of your face on this device and send a photo of your ID document and a ' +
  'selfie to our identity provider (Stripe Identity), which compares them. We keep only the result: the name and ' +
  'date of birth read from the document and whether it matched. Face measurements are never kept; the provider ' +
  'deletes its copy of the images and data once a decision is made. Only you, your guardian and your ' +
  'organization’s reviewers see the result.';

/** Query of POST {id}/start-identity-verification?plaId&documentType&dateOfBirth&consent=accepted. */
export const identityStartQuerySchema = requirementMemberQuerySchema.extend({
  documentType: identityDocumentTypeSchema,
  dateOfBirth: z.iso.date('Enter the date of birth'),
  consent: z.literal('accepted', { message: 'Read and accept the consent before you start' }),
});
/** The parsed start query. */
export type IdentityStartQuery = z.infer<typeof identityStartQuerySchema>;

/** The member's next step, so the screen shows one thing to do. */
export const IdentityNextStep = {
  Consent: 'consent',
  Photo: 'photo',
  Vendor: 'vendor',
  Wait: 'wait',
  Done: 'done',
} as const;
/** One next step. */
export type IdentityNextStep = (typeof IdentityNextStep)[keyof typeof IdentityNextStep];

/** Answer of GET {id}/identity-verification, and of the start and progress calls. */
export const identityVerificationSchema = z.object({
  definitionId: z.uuid(),
  status: verificationStatusSchema,
  nextStep: z.enum(IdentityNextStep),
  consent: z.object({
    text: z.string(),
    version: z.number().int(),
    acceptedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** The vendor's hosted page for the document and selfie, while the member still has to go there. */
  vendorUrl: z.string().nullable(),
  /** True when the vendor is our sandbox (said so on screen). */
  vendorIsSandbox: z.boolean(),
  /** What the vendor read, what it was compared with, and why it was not cleared (empty when it was). */
  read: z
    .object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
    })
    .nullable(),
  comparedWith: z
    .object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string().nullable() })
    .nullable(),
  reasons: z.array(z.string()),
  facePhotoChecked: z.boolean(),
});
/** The member's identity verification. */
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;
