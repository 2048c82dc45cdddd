import { z } from 'zod';
import { RequirementType } from './requirement-types.ts';

// Clearance that travels with the member (issue 33, ADR 049): a member or guardian shares a completed credential
// with another organization they belong to, by consent, per credential, revocable; the receiving organization decides
// per requirement definition whether it accepts shared credentials.

/** The requirement types whose completed credential a member may share (a check, a training, a verification, a license). */
export const shareableRequirementTypes = [
  RequirementType.BackgroundCheck,
  RequirementType.AbusePreventionTraining,
  RequirementType.AgeVerification,
  RequirementType.IdentityVerification,
  RequirementType.USSoccer,
] as const;

/** Whether a requirement type's credential may be shared. */
export function isShareableType(type: number): boolean {
  return (shareableRequirementTypes as readonly number[]).includes(type);
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Exactly what crosses to the other organization, shown to the member before they consent: the result, the
 * completion day, the vendor and package (or course, verification kind, license grade), and the validity. Never a
 * report, a document, a certificate or a proof image.
 */
export const sharedCredentialSummarySchema = z.object({
  requirementType: z.number().int(),
  requirementName: z.string(),
  /** In words: 'Clear', 'Completed', 'Verified', 'Licensed'. */
  result: z.string(),
  completedOn: day,
  /** The last day it is valid in the sharing organization (null: no end). */
  validUntil: day.nullable(),
  /** Who issued it: 'Yardstik', 'JDP', 'TalentLMS', 'Certificate upload', 'Document check', 'US Soccer'… */
  vendor: z.string().nullable(),
  /** The package, course, verification kind or license grade: its code (compared) and its name (shown). */
  packageCode: z.string().nullable(),
  packageName: z.string().nullable(),
  /**
   * A background check's searches as its vendor listed them for the package when it was ordered (the vendor's own
   * labels, e.g. "SSN Trace"); null when not known (a TazWorks product, an uploaded report, another type). What "the
   * same package or better" compares (ADR 049). Absent from summaries shared before it existed: null.
   */
  searches: z.array(z.string()).nullable().default(null),
  /** The credential came from a vendor's sandbox (a stand-in for testing): the receiver sees it said. */
  sandbox: z.boolean(),
});
/** One shared credential's summary. */
export type SharedCredentialSummary = z.infer<typeof sharedCredentialSummarySchema>;

/** A membership in another organization a credential may be shared with (the member's own, or their child's there). */
export const shareDestinationSchema = z.object({
  profileId: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  memberName: z.string(),
});
/** One destination. */
export type ShareDestination = z.infer<typeof shareDestinationSchema>;

/** One consent (live or revoked), as the sharing member sees it. */
export const credentialShareSchema = z.object({
  id: z.uuid(),
  memberRequirementId: z.uuid(),
  targetProfileId: z.uuid(),
  targetOrganizationName: z.string(),
  summary: sharedCredentialSummarySchema,
  sharedAt: z.string(),
  revokedAt: z.string().nullable(),
  /**
   * Stopped because the credential expired here before its renewal completed: it resumes when the renewal does,
   * unless the member stops sharing it (ADR 049).
   */
  resumesOnRenewal: z.boolean().default(false),
});
/** One consent. */
export type CredentialShare = z.infer<typeof credentialShareSchema>;

/** A credential of the member's that may be shared now (completed, still valid, of a shareable type). */
export const shareableCredentialSchema = z.object({
  memberRequirementId: z.uuid(),
  summary: sharedCredentialSummarySchema,
});
/** One shareable credential. */
export type ShareableCredential = z.infer<typeof shareableCredentialSchema>;

/** Answer of GET /api/app/profile/{id}/credential-sharing: what may be shared, where to, and what was. */
export const credentialSharingSchema = z.object({
  profileId: z.uuid(),
  memberName: z.string(),
  credentials: z.array(shareableCredentialSchema),
  destinations: z.array(shareDestinationSchema),
  shares: z.array(credentialShareSchema),
});
/** The sharing page's data. */
export type CredentialSharing = z.infer<typeof credentialSharingSchema>;

/** Body of POST /api/app/profile/{id}/credential-shares: one credential, one destination, the consent ticked. */
export const createCredentialShareBodySchema = z.object({
  memberRequirementId: z.uuid({ message: 'Choose a credential to share' }),
  targetProfileId: z.uuid({ message: 'Choose where to share it' }),
  consent: z.literal(true, { message: 'Tick the box to consent to sharing this credential' }),
});
/** The parsed body. */
export type CreateCredentialShareBody = z.infer<typeof createCredentialShareBodySchema>;

/** A shared credential as the receiving organization sees it: the summary, where it came from, and its state. */
export const receivedCredentialSchema = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  sourceOrganizationName: z.string(),
  summary: sharedCredentialSummarySchema,
  receivedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The requirements of the member here it satisfies today (accepted by their definition's setting). */
  satisfies: z.array(z.object({ definitionId: z.uuid(), name: z.string() })),
});
/** One received credential. */
export type ReceivedCredential = z.infer<typeof receivedCredentialSchema>;

/** Answer of GET /api/app/profile/{id}/received-credentials. */
export const receivedCredentialsSchema = z.object({ items: z.array(receivedCredentialSchema) });
/** The received credentials list. */
export type ReceivedCredentials = z.infer<typeof receivedCredentialsSchema>;

/** A definition's acceptance of shared credentials (GET/PUT /api/app/content/{id}/credential-acceptance). */
export const credentialAcceptanceSchema = z.object({
  definitionId: z.uuid(),
  requirementType: z.number().int(),
  /** Whether the type may be shared at all (a form or a waiver is the organization's own). */
  shareable: z.boolean(),
  acceptsShared: z.boolean(),
  maxAgeDays: z.number().int().nullable(),
  /** What "the same package or better" means for this definition, in words. */
  criterion: z.string(),
});
/** One definition's acceptance setting. */
export type CredentialAcceptance = z.infer<typeof credentialAcceptanceSchema>;

/** Body of PUT …/credential-acceptance. */
export const credentialAcceptanceBodySchema = z.object({
  acceptsShared: z.boolean({ message: 'Say whether shared credentials are accepted' }),
  maxAgeDays: z
    .number({ message: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'Enter at least 1 day')
    .max(3650, 'Enter at most 3650 days (10 years)')
    .nullable(),
});
/** The parsed body. */
export type CredentialAcceptanceBody = z.infer<typeof credentialAcceptanceBodySchema>;

/**
 * Where a received credential stands in the receiving organization (ADR 049): `Active` (live, within its validity),
 * `Expired` (live, its last valid day passed), `Withdrawn` (the member stopped sharing it), `Lapsed` (it stopped
 * holding in the organization that shared it: reset, rejected or expired there — the receiver is not told which).
 */
export const receivedCredentialStateSchema = z.enum(['Active', 'Expired', 'Withdrawn', 'Lapsed']);
/** One state. */
export type ReceivedCredentialState = z.infer<typeof receivedCredentialStateSchema>;

/** Query of GET /api/app/received-credentials/{orgId}?page&perPage (the organization's received credentials). */
export const receivedCredentialListQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Enter a page number' })
    .int('Enter a whole page number')
    .min(1, 'Pages start at 1')
    .default(1),
  perPage: z.coerce
    .number({ message: 'Enter a page size' })
    .int('Enter a whole page size')
    .min(1, 'Show at least 1 per page')
    .max(100, 'Show at most 100 per page')
    .default(25),
});
/** The list query. */
export type ReceivedCredentialListQuery = z.input<typeof receivedCredentialListQuerySchema>;

/** One row of the organization's received credentials, as its admins and reviewers see it. */
export const receivedCredentialRowSchema = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  memberName: z.string(),
  requirementType: z.number().int(),
  requirementName: z.string(),
  sourceOrganizationName: z.string(),
  state: receivedCredentialStateSchema,
  completedOn: day,
  validUntil: day.nullable(),
  /** When it was shared (received here). */
  receivedAt: z.string(),
  /** When it stopped (withdrawn or lapsed), null while live. */
  revokedAt: z.string().nullable(),
});
/** One row. */
export type ReceivedCredentialRow = z.infer<typeof receivedCredentialRowSchema>;

/** Answer of GET /api/app/received-credentials/{orgId}: the page, newest first, and how many there are. */
export const receivedCredentialListSchema = z.object({
  items: z.array(receivedCredentialRowSchema),
  totalCount: z.number().int().nonnegative(),
});
/** A page of the list. */
export type ReceivedCredentialList = z.infer<typeof receivedCredentialListSchema>;
