import { z } from 'zod';
import { requirementStatusSchema } from './requirement-status.ts';
import { singleLineText } from './text.ts';

// Background checks (spec §1, §6 "background check adds run", §7 Requirements calls; issue 20, ADR 030).

/**
 * The vendors a background-check definition may name (spec §1): Yardstik, an agency on the TazWorks platform (JDP,
 * NCSI, ScoutLogic: each configured on its own, ADR 034, ADR 041) or Generic (the organization's own vendor).
 */
export const backgroundCheckVendors = ['Yardstik', 'TazWorks', 'Generic'] as const;
/** One of {@link backgroundCheckVendors}. */
export type BackgroundCheckVendor = (typeof backgroundCheckVendors)[number];

/**
 * The agencies on the TazWorks platform the spec names (§1), each one of its own on a deployment (its base URL and
 * API token) and offered to leagues by name: the id is the agency's key in the API (`agencyId`), the name is how
 * screens show it.
 */
export const tazworksAgencies = [
  { id: 'jdp', name: 'JDP' },
  { id: 'ncsi', name: 'NCSI' },
  { id: 'scoutlogic', name: 'ScoutLogic' },
] as const;
/** The id of one of {@link tazworksAgencies}. */
export type TazworksAgencyId = (typeof tazworksAgencies)[number]['id'];
/** The ids of {@link tazworksAgencies}. */
export const tazworksAgencyIds: readonly TazworksAgencyId[] = tazworksAgencies.map((a) => a.id);
/** Whether an agency id is one of the TazWorks-platform agencies. */
export function isTazworksAgencyId(id: string): id is TazworksAgencyId {
  return (tazworksAgencyIds as readonly string[]).includes(id);
}
/** The name screens show for an agency id (a TazWorks-platform agency, or Yardstik), the id itself otherwise. */
export function agencyDisplayName(id: string): string {
  if (id === 'yardstik') return 'Yardstik';
  return tazworksAgencies.find((a) => a.id === id)?.name ?? id;
}

/** Who pays for an order: the organization (run-background-check) or the member (run-and-pay-background-check-user). */
export const backgroundCheckPayers = ['organization', 'member'] as const;
/** One of {@link backgroundCheckPayers}. */
export type BackgroundCheckPayer = (typeof backgroundCheckPayers)[number];

/**
 * Content of a BackgroundCheck definition in the content library: the vendor, the package (Yardstik's account
 * package id and its name as the vendor lists it) and who pays. Validity and renewal are the definition's own
 * base fields (validityMode Duration, e.g. 730 days), so Expired and ExpiringSoon come from our dates only.
 */
export const backgroundCheckContentSchema = z
  .object({
    vendor: z.enum(backgroundCheckVendors, 'Choose Yardstik, TazWorks or Generic').default('Generic'),
    /** The organization's client account at a TazWorks-platform agency (its client GUID) the order is placed on. */
    clientId: z.string().trim().min(1).max(200).nullable().default(null),
    packageId: z.string().trim().min(1).max(200).nullable().default(null),
    packageName: singleLineText().max(200, 'Use at most 200 characters').nullable().default(null),
    /**
     * The package's searches as the vendor lists them (chosen with the package from the vendor's list; null when
     * the vendor lists none or the package was typed in): a shared check whose searches include all of these is
     * accepted as "better" (ADR 049).
     */
    packageSearches: z
      .array(singleLineText().trim().min(1).max(200, 'Use at most 200 characters'))
      .max(50, 'Use at most 50 searches')
      .nullable()
      .default(null),
    payer: z.enum(backgroundCheckPayers, 'Choose who pays').default('organization'),
  })
  .superRefine((value, ctx) => {
    if (value.vendor !== 'Generic' && value.packageId === null)
      ctx.addIssue({ code: 'custom', path: ['packageId'], message: 'Choose the package to order' });
    if (value.vendor === 'TazWorks' && value.clientId === null)
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'Choose the client account to order on' });
  });
/** A background-check definition's content. */
export type BackgroundCheckContent = z.infer<typeof backgroundCheckContentSchema>;

/**
 * The FCRA stand-alone disclosure and the authorization the member signs before an order, shown in full. The
 * version is stored with each consent, so a later wording change never alters what was signed.
 */
export const fcraConsentText = {
  version: '2026-11-01',
  disclosure:
    'DISCLOSURE REGARDING BACKGROUND INVESTIGATION. The organization you volunteer or work with may obtain ' +
    'information about you from a third-party consumer reporting agency for the purpose of deciding whether ' +
    'you may take part in activities with minors. As a result, you may be the subject of a "consumer report", ' +
    'which may include information about your character, general reputation, personal characteristics and ' +
    'criminal history, sex offender registries and identity. This information may be obtained in writing, in ' +
    'person or electronically. You have the right to request whether a consumer report has been requested ' +
    'and to receive a copy of it, and to dispute its accuracy with the consumer reporting agency.',
  authorization:
    'AUTHORIZATION. I have read the Disclosure Regarding Background Investigation and A Summary of Your Rights ' +
    'Under the Fair Credit Reporting Act. I authorize the organization and its consumer reporting agency to ' +
    'obtain a consumer report about me for the purposes described, now and, where the law allows, for the ' +
    'renewal of my check. I agree that an electronic copy of this authorization is as valid as the original.',
} as const;

const addressText = (label: string, max: number) =>
  singleLineText().trim().min(1, `Enter ${label}`).max(max, `Use at most ${max} characters`);

/** Body of POST {id}/record-consent?plaId: both documents accepted, the text version shown, signature and address. */
export const recordConsentBodySchema = z.object({
  textVersion: z.string().max(50),
  acceptDisclosure: z.literal(true, 'Accept the disclosure to continue'),
  acceptAuthorization: z.literal(true, 'Sign the authorization to continue'),
  typedName: addressText('your full name', 200),
  address: z.object({
    line1: addressText('the street address', 200),
    line2: singleLineText().trim().max(200, 'Use at most 200 characters').default(''),
    city: addressText('the city', 100),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Enter the two-letter state code'),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  }),
});
/** The consent body. */
export type RecordConsentBody = z.infer<typeof recordConsentBodySchema>;

/** Where the member's order stands, as the requirement page shows it. */
export const backgroundCheckOrderSchema = z.object({
  /** Our screening status (port words: awaiting_candidate, in_progress, needs_review, clear…); null while ordering. */
  status: z.string().nullable(),
  vendorStatus: z.string().nullable(),
  /** Whether the vendor's hosted page waits on the member (then get-background-check-link answers it). */
  applyPending: z.boolean(),
  orderedAt: z.iso.datetime({ offset: true }),
});

/** Who wrote a message of the dispute thread: the member, the organization's reviewer, or the agency (relayed). */
export const disputeAuthors = ['member', 'organization', 'agency'] as const;

/** One message of an adverse action's dispute thread. */
export const disputeMessageSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  message: z.string(),
  from: z.enum(disputeAuthors),
});

/** Response of GET {id}/background-check-by-id?plaId. */
export const backgroundCheckViewSchema = z.object({
  memberRequirementId: z.uuid(),
  definitionId: z.uuid(),
  name: z.string(),
  status: requirementStatusSchema,
  vendor: z.enum(backgroundCheckVendors),
  /** True when the vendor is our own sandbox standing in for it (development, demos): the page says so. */
  sandbox: z.boolean(),
  packageName: z.string().nullable(),
  payer: z.enum(backgroundCheckPayers),
  expiresAt: z.string().nullable(),
  consentText: z.object({ version: z.string(), disclosure: z.string(), authorization: z.string() }),
  consent: z.object({ recordedAt: z.iso.datetime({ offset: true }), textVersion: z.string() }).nullable(),
  order: backgroundCheckOrderSchema.nullable(),
  /** The FCRA adverse-action process on this check, as the member is told it (the notices carry the same). */
  adverseAction: z
    .object({
      stage: z.enum(['pre-adverse', 'final-adverse']),
      reason: z.string(),
      disputeUntil: z.iso.datetime({ offset: true }),
      disputes: z.array(disputeMessageSchema),
    })
    .nullable(),
  /** What the member can do next on this page. */
  next: z.enum(['consent', 'run', 'pay-and-run', 'continue-at-vendor', 'wait', 'none']),
  /** The organization's own notice to members (orgData showCustomerConfiguredBackgroundCheckNotice), or null. */
  organizationNotice: z.string().nullable().default(null),
});
/** The background-check page's data. */
export type BackgroundCheckView = z.infer<typeof backgroundCheckViewSchema>;

/** Response of GET {id}/get-background-check-link?plaId: the vendor's hosted page to continue at. */
export const backgroundCheckLinkSchema = z.object({ url: z.url(), sandbox: z.boolean() });
/** The hosted link. */
export type BackgroundCheckLink = z.infer<typeof backgroundCheckLinkSchema>;

/** The FCRA adverse-action process on a consumer report as a reviewer follows it (stage, reason, thread). */
export const reviewerAdverseActionSchema = z.object({
  stage: z.enum(['pre-adverse', 'final-adverse', 'withdrawn']),
  reason: z.string(),
  disputeUntil: z.iso.datetime({ offset: true }),
  disputes: z.array(disputeMessageSchema),
});
/** The reviewer's view of an adverse action. */
export type ReviewerAdverseAction = z.infer<typeof reviewerAdverseActionSchema>;

/**
 * Response of GET {id}/background-check-report/{plaId}: what a reviewer sees of a vendor's result: the vendor's
 * status, our summary of it and the vendor's report page. Reviewers only; every view is audited.
 */
export const backgroundCheckReportSchema = z.object({
  vendor: z.string(),
  /**
   * The agency that ran the order, by name (spec §1: ScoutLogic, JDP, NCSI, Yardstik): for a TazWorks-platform order
   * the agency the organization's client is granted at; null when not known (a generic check, or a client no longer
   * granted).
   */
  agency: z.object({ id: z.string(), name: z.string() }).nullable().default(null),
  status: z.string(),
  vendorStatus: z.string(),
  summary: z.string(),
  reportUrl: z.string().nullable(),
  sandbox: z.boolean(),
  orderedAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** orgData reviewBackgroundChecksExternally: the flagged check is decided in the vendor's dashboard, not here. */
  reviewedExternally: z.boolean().default(false),
  /** The adverse-action process on the check, with the dispute thread, as the reviewer follows it. */
  adverseAction: reviewerAdverseActionSchema.nullable(),
});
/** The reviewer's view of a result. */
export type BackgroundCheckReport = z.infer<typeof backgroundCheckReportSchema>;

/**
 * GET / PUT /api/app/organization/{id}/background-check-settings (ours): the two orgData flags of spec §3 an
 * administrator sets, and the text of the organization's own notice shown to members when the first is on.
 */
export const backgroundCheckSettingsSchema = z
  .object({
    showCustomerConfiguredBackgroundCheckNotice: z.boolean(),
    backgroundCheckNotice: z.string().trim().max(4000, 'Use at most 4000 characters'),
    reviewBackgroundChecksExternally: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (s.showCustomerConfiguredBackgroundCheckNotice && s.backgroundCheckNotice === '')
      ctx.addIssue({
        code: 'custom',
        path: ['backgroundCheckNotice'],
        message: 'Write the notice members will see',
      });
  });
/** The organization's background-check settings. */
export type BackgroundCheckSettings = z.infer<typeof backgroundCheckSettingsSchema>;

/** Body of POST {id}/background-check-adverse-action/{plaId}: the reviewer's reason, told to the member. */
export const adverseActionBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give the reason the member will be told')
    .max(2000, 'Use at most 2000 characters'),
});
/** The adverse-action body. */
export type AdverseActionBody = z.infer<typeof adverseActionBodySchema>;

/** Body of POST {id}/background-check-dispute?plaId: the member's response to a pre-adverse notice. */
export const disputeBodySchema = z.object({
  message: z.string().trim().min(1, 'Write your response').max(5000, 'Use at most 5000 characters'),
});
/** The dispute body. */
export type DisputeBody = z.infer<typeof disputeBodySchema>;

/**
 * Body of POST {id}/background-check-dispute-reply/{plaId}: a reviewer answers the member's dispute, as the
 * organization or relaying the consumer reporting agency's reinvestigation result (`from: 'agency'`).
 */
export const disputeReplyBodySchema = z.object({
  message: z.string().trim().min(1, 'Write the reply').max(5000, 'Use at most 5000 characters'),
  from: z.enum(['organization', 'agency'], 'Choose who the reply is from'),
});
/** The reply body. */
export type DisputeReplyBody = z.infer<typeof disputeReplyBodySchema>;

/** Response of the adverse-action and dispute calls. */
export const adverseActionResultSchema = z.object({
  stage: z.string(),
  disputeUntil: z.iso.datetime({ offset: true }),
  disputes: z.number().int().optional(),
});

/** An agency the deployment can order from (spec §7 GET background-check-agencies). */
export const backgroundCheckAgencySchema = z.object({
  id: z.string(),
  name: z.string(),
  vendorKind: z.enum(['Yardstik', 'TazWorks', 'Generic']),
  /** True when our own sandbox stands in for it (the screen says so). */
  sandbox: z.boolean(),
});
/** One agency. */
export type BackgroundCheckAgency = z.infer<typeof backgroundCheckAgencySchema>;

/** A product (package) an organization's client account may order. */
export const backgroundCheckProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  searches: z.array(z.string()),
  /** `monitor`: a monitor package candidates are enrolled in (continuous monitoring), not ordered (ADR 032). */
  kind: z.enum(['report', 'monitor']).default('report'),
});
/** One product. */
export type BackgroundCheckProduct = z.infer<typeof backgroundCheckProductSchema>;

/** The Yardstik client account id of an organization on this deployment's account (ADR 030). */
export const yardstikAccountClientId = 'account';

/** A client account at an agency (GET available-background-check-clients/{agencyId}, GET {id}/background-check-clients). */
export const backgroundCheckClientSchema = z.object({
  id: z.string(),
  agencyId: z.string(),
  name: z.string(),
});
/** One client. */
export type BackgroundCheckClient = z.infer<typeof backgroundCheckClientSchema>;

/** Body of POST {id}/background-check-client: which agency's client the organization orders through. */
export const addBackgroundCheckClientBodySchema = z.object({
  agencyId: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Choose an agency'),
  clientId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Choose a client'),
});
/** The add-client body. */
export type AddBackgroundCheckClientBody = z.infer<typeof addBackgroundCheckClientBodySchema>;

/**
 * An agency client as the platform administrator sees it (GET /api/app/integrations/background-check-client-grants):
 * the client, and the one organization it is granted to (issue 34), or none yet.
 */
export const backgroundCheckClientGrantSchema = z.object({
  agencyId: z.string(),
  clientId: z.string(),
  name: z.string(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  grantedAt: z.string().nullable(),
});
/** One client and its grant. */
export type BackgroundCheckClientGrant = z.infer<typeof backgroundCheckClientGrantSchema>;

/** Body of POST /api/app/integrations/background-check-client-grants: which organization a client belongs to. */
export const grantBackgroundCheckClientBodySchema = addBackgroundCheckClientBodySchema.extend({
  organizationId: z.uuid('Choose an organization'),
});
/** The grant body. */
export type GrantBackgroundCheckClientBody = z.infer<typeof grantBackgroundCheckClientBodySchema>;

/** Path of DELETE /api/app/integrations/background-check-client-grants/{agencyId}/{clientId}. */
export const backgroundCheckClientGrantParamsSchema = addBackgroundCheckClientBodySchema;
