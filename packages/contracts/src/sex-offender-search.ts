import { z } from 'zod';
import {
  disputeMessageSchema,
  recordConsentBodySchema,
  reviewerAdverseActionSchema,
} from './background-checks.ts';
import { requirementStatusSchema } from './requirement-status.ts';

// Sex offender search (spec §1, §6 "sex offender search adds set birth date", §7 set-date-of-birth; issue 22,
// ADR 032).

/** The public registry a reviewer confirms a possible match on: the Dru Sjodin National Sex Offender Public Website. */
export const nsopwUrl = 'https://www.nsopw.gov/';

/** The default cadence of a re-run (days after the last search was ordered), when the definition sets none. */
export const defaultRerunEveryDays = 365;

/**
 * Content of a SexOffenderSearch definition: the screening vendor's package (null: the account's package whose only
 * search is the sex offender registry) and how often the search is run again (null: never; only on renewal).
 */
export const sexOffenderSearchContentSchema = z.object({
  packageId: z.string().trim().min(1).max(200).nullable().default(null),
  rerunEveryDays: z
    .number()
    .int('Use whole days')
    .min(30, 'Re-run at most every 30 days')
    .max(1095, 'Re-run at least every three years')
    .nullable()
    .default(defaultRerunEveryDays),
  /**
   * Continuous monitoring where the vendor offers it (Yardstik's): a member who signs the evergreen consent is
   * enrolled after their first clear search and checked daily; the cadence re-run stands in for the others.
   */
  monitorContinuously: z.boolean().default(false),
  /** The vendor's monitor package (null: the account's sex offender registry monitor package). */
  monitorPackageId: z.string().trim().min(1).max(200).nullable().default(null),
});
/** A sex offender search definition's content. */
export type SexOffenderSearchContent = z.infer<typeof sexOffenderSearchContentSchema>;

/**
 * The FCRA disclosure and authorization for ongoing registry searches (evergreen consent), shown in full and signed
 * in Touchline; its version is stored with each consent, so later wording never alters what was signed.
 */
export const monitoringConsentText = {
  version: '2026-11-27',
  disclosure:
    'DISCLOSURE REGARDING ONGOING SEX OFFENDER REGISTRY SEARCHES. The organization you volunteer or work with ' +
    'may obtain consumer reports about you from a third-party consumer reporting agency, now and on an ongoing ' +
    'basis while you take part in its activities with minors, for the purpose of deciding whether you may ' +
    'continue to take part. The agency will check sex offender registries for records matching your name, date ' +
    'of birth and address, as often as daily, and will report a possible match to the organization. You have ' +
    'the right to request whether a consumer report has been requested and to receive a copy of it, and to ' +
    'dispute its accuracy with the consumer reporting agency.',
  authorization:
    'AUTHORIZATION FOR ONGOING SEARCHES. I have read the Disclosure Regarding Ongoing Sex Offender Registry ' +
    'Searches and A Summary of Your Rights Under the Fair Credit Reporting Act. I authorize the organization and ' +
    'its consumer reporting agency to obtain consumer reports about me from sex offender registries on an ongoing ' +
    'basis for as long as I take part in its activities, until I withdraw this authorization in writing or on ' +
    'my requirement page. I agree that an electronic copy of this authorization is as valid as the original.',
} as const;

/** Body of POST {id}/sex-offender-monitoring-consent?plaId: the background check's consent body (ADR 030). */
export const monitoringConsentBodySchema = recordConsentBodySchema;
/** The evergreen consent body. */
export type MonitoringConsentBody = z.infer<typeof monitoringConsentBodySchema>;

/** Where the member's continuous monitoring stands. */
export const monitoringStatuses = [
  'none',
  'enrolling',
  'active',
  'unenrolling',
  'inactive',
  'failed',
] as const;

/** Response of GET {id}/sex-offender-search-by-id?plaId: the member's page. */
export const sexOffenderSearchViewSchema = z.object({
  memberRequirementId: z.uuid(),
  definitionId: z.uuid(),
  name: z.string(),
  status: requirementStatusSchema,
  /** True when the vendor is our own sandbox standing in for it: the page says so. */
  sandbox: z.boolean(),
  /** The member's date of birth, which the search needs (set-date-of-birth when missing). */
  dateOfBirth: z.string().nullable(),
  /** The profile whose date of birth it is (the member, or the guardian's child). */
  profileId: z.uuid(),
  order: z
    .object({
      status: z.string().nullable(),
      vendorStatus: z.string().nullable(),
      orderedAt: z.iso.datetime({ offset: true }),
      completedAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable(),
  /** Where the vendor's hosted page waits on the member (disclosure and authorization), or null. */
  applyUrl: z.url().nullable(),
  rerunEveryDays: z.number().int().nullable(),
  /** The FCRA adverse-action process on a confirmed match, as the member is told it (the notices carry the same). */
  adverseAction: z
    .object({
      stage: z.enum(['pre-adverse', 'final-adverse']),
      reason: z.string(),
      disputeUntil: z.iso.datetime({ offset: true }),
      disputes: z.array(disputeMessageSchema),
    })
    .nullable(),
  /**
   * Continuous monitoring, when the definition asks for it (null otherwise): the evergreen consent to read and sign
   * (optional: without it the search re-runs on the cadence), and whether the vendor monitors the member now.
   */
  monitoring: z
    .object({
      consentText: z.object({ version: z.string(), disclosure: z.string(), authorization: z.string() }),
      consent: z
        .object({
          recordedAt: z.iso.datetime({ offset: true }),
          textVersion: z.string(),
          typedName: z.string(),
        })
        .nullable(),
      status: z.enum(monitoringStatuses),
      enrolledAt: z.iso.datetime({ offset: true }).nullable(),
      deactivatedAt: z.iso.datetime({ offset: true }).nullable(),
      /** The address we know (the last consent's, else the profile's contact parts), to fill the form with. */
      knownAddress: z
        .object({
          line1: z.string(),
          line2: z.string(),
          city: z.string(),
          state: z.string(),
          postalCode: z.string(),
        })
        .nullable(),
    })
    .nullable(),
  /** What the member can do next on this page. */
  next: z.enum(['set-birth-date', 'begin', 'continue-at-vendor', 'wait', 'none']),
});
/** The sex offender search page's data. */
export type SexOffenderSearchView = z.infer<typeof sexOffenderSearchViewSchema>;

/** One registry record a search found, as a reviewer compares it. */
export const registryRecordSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  aliases: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  photoUrl: z.string().nullable(),
  jurisdiction: z.string(),
  registryUrl: z.string().nullable(),
  offenses: z.array(z.string()),
});
/** A registry record. */
export type RegistryRecordView = z.infer<typeof registryRecordSchema>;

/**
 * Response of GET {id}/sex-offender-search-match/{plaId}: the member as we know them beside the records the search
 * found, the public registry to confirm on, and whether a consumer reporting agency supplied it (then confirming a
 * match goes through the FCRA adverse-action notices). Reviewers only; every view is audited.
 */
export const sexOffenderMatchSchema = z.object({
  member: z.object({ fullName: z.string(), dateOfBirth: z.string().nullable() }),
  records: z.array(registryRecordSchema),
  nsopwUrl: z.url(),
  vendor: z.string(),
  /** A CRA's consumer report: a confirmed match is rejected through the adverse-action notices. */
  consumerReport: z.boolean(),
  reportUrl: z.string().nullable(),
  sandbox: z.boolean(),
  orderedAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** A confirmed match's adverse-action notices and the member's disputes, as for a background check. */
  adverseAction: reviewerAdverseActionSchema.nullable().default(null),
});
/** What a reviewer compares. */
export type SexOffenderMatch = z.infer<typeof sexOffenderMatchSchema>;
