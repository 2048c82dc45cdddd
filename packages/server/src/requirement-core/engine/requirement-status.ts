import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ValidityMode } from '@touchline/contracts/requirement-settings';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { addDays, dayInYear, dayOf, isDay, type Day } from './calendar.ts';

/** waiting_on values: which side of a vendor flow the requirement waits on (spec §4 numbers 1 and 2). */
export const WaitingOn = {
  Applicant: RequirementStatus.WaitingOnApplicant,
  Provider: RequirementStatus.WaitingOnProvider,
} as const;

/** The facts of one member requirement that its status follows from (member_requirements columns). */
export type RequirementFacts = {
  /** When it was completed: a day or an ISO instant (only its UTC day counts); null when not completed. */
  completedAt: string | null;
  /** The day the completion expires (Expired from that day on); null = never. */
  expiresAt: Day | null;
  dueDate: Day | null;
  pendingReview: boolean;
  reviewOutcome: number | null;
  waitingOn: number | null;
  rejectedAt: string | null;
  expiringSoonDays: number;
};

/** Whether the last review rejected the requirement (reset or disqualified) and nothing was handed in since. */
function isRejected(facts: RequirementFacts): boolean {
  return (
    facts.reviewOutcome === ReviewOutcome.RejectedReset ||
    facts.reviewOutcome === ReviewOutcome.RejectedDisqualified
  );
}

/**
 * The one status rule of spec §4 (ADR 012): a pure function of the facts and today's day, so the daily job,
 * every action and the tests agree. Precedence: Rejected, PendingReview, WaitingOn…, then completed
 * (Expired / ExpiringSoon / Completed), then not completed (Overdue / Incomplete). A completion dated after
 * today does not count yet.
 */
export function deriveRequirementStatus(facts: RequirementFacts, today: Day): RequirementStatus {
  if (isRejected(facts)) return RequirementStatus.Rejected;
  if (facts.pendingReview) return RequirementStatus.PendingReview;
  if (facts.waitingOn === WaitingOn.Applicant) return RequirementStatus.WaitingOnApplicant;
  if (facts.waitingOn === WaitingOn.Provider) return RequirementStatus.WaitingOnProvider;
  if (facts.completedAt !== null && dayOf(facts.completedAt) <= today) {
    if (facts.expiresAt === null) return RequirementStatus.Completed;
    if (today >= facts.expiresAt) return RequirementStatus.Expired;
    if (today >= addDays(facts.expiresAt, -Math.max(0, facts.expiringSoonDays)))
      return RequirementStatus.ExpiringSoon;
    return RequirementStatus.Completed;
  }
  if (facts.dueDate !== null && today > facts.dueDate) return RequirementStatus.Overdue;
  return RequirementStatus.Incomplete;
}

/** The validity rules of a definition (requirement_definitions columns). */
export type ValidityRule = {
  validityMode: string;
  validityDays: number | null;
  annualRenewalDate: string | null;
  content?: Record<string, unknown>;
};

/**
 * The day a completion on `completedOn` expires, per the definition's validity mode (spec §4, ADR 012):
 * Duration n days → completedOn + n; None → never; Annual 'MM-DD' → the next renewal date strictly after the
 * completion; PerRequirement → the definition's own date `content.expiresOn` if it is after the completion,
 * otherwise never. Incomplete rules (no days, no renewal date) mean never.
 */
export function expiresAtFor(definition: ValidityRule, completedOn: Day): Day | null {
  switch (definition.validityMode) {
    case ValidityMode.Duration:
      return definition.validityDays !== null && definition.validityDays > 0
        ? addDays(completedOn, definition.validityDays)
        : null;
    case ValidityMode.Annual: {
      const monthDay = definition.annualRenewalDate;
      if (monthDay === null || !/^\d{2}-\d{2}$/.test(monthDay) || !isDay(`2000-${monthDay}`)) return null;
      const year = Number(completedOn.slice(0, 4));
      const thisYear = dayInYear(year, monthDay);
      return thisYear > completedOn ? thisYear : dayInYear(year + 1, monthDay);
    }
    case ValidityMode.PerRequirement: {
      const own = definition.content?.['expiresOn'];
      return typeof own === 'string' && isDay(own) && own > completedOn ? own : null;
    }
    default:
      return null;
  }
}
