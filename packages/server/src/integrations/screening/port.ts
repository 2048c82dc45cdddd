/**
 * The screening port (ARCHITECTURE §2b): background checks and registry searches ordered from a consumer reporting
 * agency, in our words. One adapter per vendor kind (Yardstik; the TazWorks platform's agencies next); use cases
 * call this, never a vendor's API. Every create is safe to repeat: it is keyed by our own id (`externalId`).
 */
export interface ScreeningPort {
  /** Which adapter this is, stored beside each order so its webhooks and re-reads go to the same vendor. */
  readonly vendor: ScreeningVendor;
  /** The packages (sets of searches) the organization's account may order. */
  listPackages(ctx: ScreeningCallContext): Promise<ScreeningPackage[]>;
  /** The vendor's candidate for our member: found by our id, or created once. */
  ensureCandidate(input: CandidateInput, ctx: ScreeningCallContext): Promise<{ candidateId: string }>;
  /** Orders a package for a candidate: found by our order id, or created once; answers where the member applies. */
  orderReport(input: OrderInput, ctx: ScreeningCallContext): Promise<ScreeningReport>;
  /** Re-reads a report (webhooks are hints: the state we store is what this answers). */
  getReport(reportId: string, ctx: ScreeningCallContext): Promise<ScreeningReport>;
  /**
   * The sex offender registry records a report's registry search found (possible matches for a reviewer to
   * compare), empty when it found none. Optional: an adapter whose vendor publishes no per-record results omits it
   * and a flagged search is then reviewed on the vendor's report page alone.
   */
  getRegistryRecords?(reportId: string, ctx: ScreeningCallContext): Promise<RegistryRecord[]>;
  /**
   * Continuous monitoring (Yardstik's Monitoring: a candidate enrolled against a monitor package is checked daily
   * against the sex offender registry, and a hit generates a report). Absent when the vendor offers none.
   */
  readonly monitoring?: ScreeningMonitoringPort;
  /**
   * Checks a webhook delivery's signature over the exact bytes received and reads what it is about; throws
   * {@link InvalidWebhookSignature} when it is not the vendor's.
   */
  readWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): ScreeningWebhookHint;
}

/** The adapters there are. */
export type ScreeningVendor = 'yardstik' | 'tazworks';

/** Ties vendor calls to the request or job that made them. */
export type ScreeningCallContext = { correlationId?: string };

/** A package the account may order (`report`), or a monitor package candidates are enrolled in (`monitor`). */
export type ScreeningPackage = { id: string; name: string; searches: string[]; kind?: 'report' | 'monitor' };

/** Who is screened; `externalId` is our id for them (the member's profile-level access). */
export type CandidateInput = {
  externalId: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth?: string;
};

/** One order; `externalId` is our id for it, so a retried order is one order at the vendor. */
export type OrderInput = {
  externalId: string;
  candidateId: string;
  packageId: string;
};

/** Where an order stands, in our words (the vendor's own status is kept beside it for support). */
export const screeningStatuses = [
  'awaiting_candidate',
  'in_progress',
  'on_hold',
  'needs_review',
  'clear',
  'adverse_action_pending',
  'adverse_action_final',
  'disputed',
  'canceled',
  'expired',
] as const;

/** One of {@link screeningStatuses}. */
export type ScreeningStatus = (typeof screeningStatuses)[number];

/** A report as the port answers it. */
export type ScreeningReport = {
  id: string;
  externalId: string | null;
  status: ScreeningStatus;
  vendorStatus: string;
  /** The vendor's hosted page where the candidate gives consent and details (null once that is done). */
  applyUrl: string | null;
  /** The vendor's page of the report for account users (reviewers), where it has one. */
  reportUrl: string | null;
  completedAt: Date | null;
  /** The vendor's candidate the report is about (where the vendor says). */
  candidateId?: string | null;
  /** The monitor whose check generated the report (a monitoring hit), null for an ordered report. */
  monitorId?: string | null;
};

/** One sex offender registry record a search found: what a reviewer compares with the member. */
export type RegistryRecord = {
  /** The vendor's id of the record (stable across re-reads). */
  id: string;
  fullName: string;
  aliases: string[];
  /** YYYY-MM-DD as the registry publishes it (some registries publish none). */
  dateOfBirth: string | null;
  /** The registry's photo of the registrant, where it publishes one. */
  photoUrl: string | null;
  /** The registering jurisdiction: a state or territory code, or a tribe's name. */
  jurisdiction: string;
  /** The record on the jurisdiction's public registry, where the vendor links it. */
  registryUrl: string | null;
  offenses: string[];
};

/** What a webhook says happened: a hint to re-read `objectId`. */
export type ScreeningWebhookHint = {
  eventId: string;
  objectType: 'report' | 'candidate' | 'other';
  objectId: string;
  occurredAt: Date | null;
};

/** A webhook delivery whose signature is missing or wrong: refused, nothing stored. */
export class InvalidWebhookSignature extends Error {
  constructor(vendor: string) {
    super(`not a valid ${vendor} webhook signature`);
  }
}

/**
 * Opening an organization's own account at a vendor that onboards customers through its partner (Yardstik's
 * sub-accounts). Safe to repeat: the account is found by our id (`externalId`, the organization's) before one is
 * created.
 */
export interface ScreeningAccountsPort {
  openAccount(input: ScreeningAccountInput, ctx: ScreeningCallContext): Promise<ScreeningAccount>;
  getAccount(accountId: string, ctx: ScreeningCallContext): Promise<ScreeningAccount>;
  /**
   * Mints an API key that acts for the (active) account, so the organization's orders are placed on its own account:
   * answers the `Authorization` header value to send. Each call mints a new key: keep the first.
   */
  createAccountKey(accountId: string, ctx: ScreeningCallContext): Promise<{ authorization: string }>;
}

/** The organization's legal details the vendor reviews before it activates the account. */
export type ScreeningAccountInput = {
  externalId: string;
  name: string;
  legalName: string;
  ein: string;
  permissiblePurpose: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string };
  owner: { firstName: string; lastName: string; email: string; phone: string };
};

/** An organization's account at the vendor; `active` once the vendor has activated it. */
export type ScreeningAccount = {
  id: string;
  externalId: string | null;
  active: boolean;
  vendorStatus: string;
};

/** A candidate's current address, as monitoring needs it. */
export type CandidateAddress = {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
};

/** A candidate with evergreen consent (searches again without a new authorization) and the data monitoring needs. */
export type EvergreenCandidateInput = CandidateInput & { dateOfBirth: string; address: CandidateAddress };

/** A candidate's enrolment in a monitor package, as the vendor answers it. */
export type ScreeningMonitor = {
  id: string;
  active: boolean;
  vendorStatus: string;
  candidateId: string;
  packageId: string;
  createdAt: Date;
  deactivatedAt: Date | null;
  /** The reports the monitor's checks generated (hits). */
  reportIds: string[];
};

/**
 * Continuous monitoring at the vendor. Safe to repeat: enrolling looks for the candidate's active monitor of the
 * package before it enrolls; unenrolling an inactive monitor answers it as it is.
 */
export interface ScreeningMonitoringPort {
  /** The candidate found by our id (or created) with evergreen consent, date of birth and address on file. */
  ensureEvergreenCandidate(
    input: EvergreenCandidateInput,
    ctx: ScreeningCallContext,
  ): Promise<{ candidateId: string }>;
  enroll(
    input: { candidateId: string; packageId: string },
    ctx: ScreeningCallContext,
  ): Promise<ScreeningMonitor>;
  getMonitor(monitorId: string, ctx: ScreeningCallContext): Promise<ScreeningMonitor>;
  listMonitors(filter: { candidateId: string }, ctx: ScreeningCallContext): Promise<ScreeningMonitor[]>;
  unenroll(monitorId: string, ctx: ScreeningCallContext): Promise<ScreeningMonitor>;
}
