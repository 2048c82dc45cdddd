import { z } from 'zod';
import { disputeMessageSchema, reviewerAdverseActionSchema } from './background-checks.ts';
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
});
/** A sex offender search definition's content. */
export type SexOffenderSearchContent = z.infer<typeof sexOffenderSearchContentSchema>;

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
