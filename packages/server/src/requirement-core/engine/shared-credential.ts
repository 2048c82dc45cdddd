import type { SharedCredentialSummary } from '@touchline/contracts/credential-sharing';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { tazworksAgencies } from '@touchline/contracts/background-checks';
import { usSoccerLicenseCatalog } from '@touchline/contracts/us-soccer';
import { addDays, type Day } from './calendar.ts';
import {
  deriveRequirementStatus,
  expiresAtFor,
  type RequirementFacts,
  type ValidityRule,
} from './requirement-status.ts';

// A credential shared from another organization as an input of the status rule (ADR 049). Pure: the engine loads the
// live received credentials and the definitions' acceptance settings set-based, and asks these functions.

/** A receiving definition as the acceptance rule reads it. */
export type AcceptingDefinition = ValidityRule & {
  type: number;
  content: Record<string, unknown>;
  /** Not older than this many days (null: any age while valid). */
  maxAgeDays: number | null;
};

/** A received, unrevoked credential. */
export type ReceivedCredentialInput = {
  requirementType: number;
  completedOn: Day;
  /** The last day it is valid (null: no end). */
  validUntil: Day | null;
  summary: Pick<SharedCredentialSummary, 'vendor' | 'packageCode'> & { searches?: string[] | null };
  /** The organization that shared it (what the member's requirement page names). */
  sourceOrganizationName?: string;
};

/** The completion a shared credential stands for under a definition: its day and the day it stops counting. */
export type SharedCompletion = { completedOn: Day; expiresAt: Day | null; sourceOrganizationName?: string };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A list of strings stored in JSON (a summary's or a definition's searches), null when it is not one or empty. */
export function stringsOf(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  const items = v.filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  return items.length > 0 ? items : null;
}

/** A search label as compared: case, spacing and punctuation aside ("SSN trace" is "SSN Trace"). */
const searchKey = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Whether a shared check searched at least what the receiving package does: both lists known (the vendor's own
 * labels) and every required search among the shared ones.
 */
export function searchesInclude(held: readonly string[] | null, required: readonly string[] | null): boolean {
  if (held === null || required === null) return false;
  const have = new Set(held.map(searchKey));
  return required.every((search) => have.has(searchKey(search)));
}

/** The US Soccer catalog entry of a code. */
const licenseOf = (code: string | null) => usSoccerLicenseCatalog.find((g) => g.code === code);

/**
 * "The same vendor package or better" per type (ADR 049): a background check of the same vendor and either the same
 * package or one whose searches (as the vendor listed them when it was ordered) include every search of the
 * definition's package (any, when the definition names no package); the same training course (any, when none is named); an age verification that
 * proves at least what the definition asks (Age & Grade covers Age and Grade); any cleared identity verification; a
 * US Soccer license of the same discipline and the required grade or higher (ADR 032's ranks).
 */
export function credentialMeetsDefinition(
  definition: Pick<AcceptingDefinition, 'type' | 'content'>,
  credential: ReceivedCredentialInput,
): boolean {
  if (credential.requirementType !== definition.type) return false;
  const code = credential.summary.packageCode;
  const content = definition.content;
  switch (definition.type) {
    case RequirementType.BackgroundCheck: {
      const packageId = str(content['packageId']);
      if (packageId === null) return true;
      const vendor = str(content['vendor']);
      const vendorMatches =
        vendor === 'TazWorks'
          ? tazworksAgencies.some((a) => a.name === credential.summary.vendor)
          : vendor === credential.summary.vendor;
      if (!vendorMatches) return false;
      return (
        code === packageId ||
        searchesInclude(credential.summary.searches ?? null, stringsOf(content['packageSearches']))
      );
    }
    case RequirementType.AbusePreventionTraining: {
      const courseId = str(content['courseId']);
      return courseId === null || code === courseId;
    }
    case RequirementType.AgeVerification: {
      const kind = str(content['kind']) ?? 'Age';
      return code === 'AgeAndGrade' || code === kind;
    }
    case RequirementType.IdentityVerification:
      return true;
    case RequirementType.USSoccer: {
      const held = licenseOf(code);
      const discipline = str(content['discipline']) ?? 'coach';
      if (!held || held.discipline !== discipline) return false;
      const required = licenseOf(str(content['requiredLicense']));
      return !required || held.rank >= required.rank;
    }
    default:
      return false;
  }
}

const earliest = (days: (Day | null)[]): Day | null =>
  days.reduce<Day | null>((min, d) => (d === null ? min : min === null || d < min ? d : min), null);

/**
 * The completion the best accepted credential gives a definition: each meeting credential counts from its completion
 * until the earliest of its own validity end, its completion plus the definition's maximum age, and the definition's
 * own validity applied to that completion; the one counting longest wins. Null when none meets it.
 */
export function acceptedCompletion(
  definition: AcceptingDefinition,
  credentials: readonly ReceivedCredentialInput[],
): SharedCompletion | null {
  let best: SharedCompletion | null = null;
  for (const credential of credentials) {
    if (!credentialMeetsDefinition(definition, credential)) continue;
    const ageLimit =
      definition.maxAgeDays === null ? null : addDays(credential.completedOn, definition.maxAgeDays);
    const expiresAt = earliest([
      credential.validUntil === null ? null : addDays(credential.validUntil, 1),
      ageLimit,
      expiresAtFor(definition, credential.completedOn),
    ]);
    const candidate: SharedCompletion = { completedOn: credential.completedOn, expiresAt };
    if (credential.sourceOrganizationName !== undefined)
      candidate.sourceOrganizationName = credential.sourceOrganizationName;
    if (
      best === null ||
      (best.expiresAt !== null && (expiresAt === null || expiresAt > best.expiresAt)) ||
      (best.expiresAt === expiresAt && candidate.completedOn > best.completedOn)
    )
      best = candidate;
  }
  return best;
}

const met: readonly RequirementStatus[] = [RequirementStatus.Completed, RequirementStatus.ExpiringSoon];

/**
 * The status of a requirement with an accepted shared credential (ADR 049): the member's own completion in force
 * stands, and so does a disqualification; otherwise a shared credential in force satisfies it (instead of a new
 * order, even one under way); one that lapsed makes a requirement the member has not started Expired; otherwise
 * the member's own status stands. Without a shared credential, exactly the one status rule.
 */
export function deriveStatusWithShared(
  own: RequirementFacts,
  shared: SharedCompletion | null,
  today: Day,
): RequirementStatus {
  const ownStatus = deriveRequirementStatus(own, today);
  if (shared === null || met.includes(ownStatus)) return ownStatus;
  if (own.reviewOutcome === ReviewOutcome.RejectedDisqualified) return ownStatus;
  const sharedStatus = deriveRequirementStatus(
    {
      completedAt: shared.completedOn,
      expiresAt: shared.expiresAt,
      dueDate: own.dueDate,
      pendingReview: false,
      reviewOutcome: null,
      waitingOn: null,
      rejectedAt: null,
      expiringSoonDays: own.expiringSoonDays,
    },
    today,
  );
  if (met.includes(sharedStatus)) return sharedStatus;
  const notStarted = ownStatus === RequirementStatus.Incomplete || ownStatus === RequirementStatus.Overdue;
  return notStarted && sharedStatus === RequirementStatus.Expired ? sharedStatus : ownStatus;
}

/**
 * Whether the status {@link deriveStatusWithShared} gives is met because of the shared credential (the member's own
 * facts alone do not meet it): what the member's requirement page names ("Met by your … shared from …").
 */
export function metByShared(own: RequirementFacts, shared: SharedCompletion | null, today: Day): boolean {
  if (shared === null || met.includes(deriveRequirementStatus(own, today))) return false;
  return met.includes(deriveStatusWithShared(own, shared, today));
}
