import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';

/** What a member's overall status follows from: their account, and each active requirement's status. */
export type MemberStatusFacts = {
  /** The profile is linked to an identity account (profiles.app_user_id set: the invitation was accepted). */
  hasAccount: boolean;
  /** Any requirement of the profile carries a RejectedDisqualified review (active or not: it judges the person). */
  disqualified: boolean;
  /** A condition restricting play stands on the member (ADR 040): never Cleared while it does. */
  restricted?: boolean;
  /** The member's active requirements. */
  requirements: readonly { status: RequirementStatus; isOptional: boolean }[];
};

const done: readonly RequirementStatus[] = [RequirementStatus.Completed, RequirementStatus.ExpiringSoon];

/**
 * The member overall status of spec §4 (ADR 012), in this precedence: Disqualified; NotActivated (no account
 * yet: Invite Pending); NoRequirements; Optional (only optional ones assigned); Cleared (every mandatory one
 * Completed or ExpiringSoon); NotConfirmed (every mandatory one done by the member, but at least one still
 * awaits a reviewer's confirmation); Incomplete otherwise. A standing restricting condition turns any of the
 * cleared-looking ones (Cleared, NoRequirements, Optional, NotConfirmed) into Incomplete (ADR 040).
 */
export function deriveMemberOverallStatus(facts: MemberStatusFacts): MemberOverallStatus {
  const status = deriveFromRequirements(facts);
  // A standing restriction (removed from play…) keeps an activated member from any cleared-looking status (ADR 040).
  const clearedLooking: readonly MemberOverallStatus[] = [
    MemberOverallStatus.Cleared,
    MemberOverallStatus.NoRequirements,
    MemberOverallStatus.Optional,
    MemberOverallStatus.NotConfirmed,
  ];
  return facts.restricted && clearedLooking.includes(status) ? MemberOverallStatus.Incomplete : status;
}

function deriveFromRequirements(facts: MemberStatusFacts): MemberOverallStatus {
  if (facts.disqualified) return MemberOverallStatus.Disqualified;
  if (!facts.hasAccount) return MemberOverallStatus.NotActivated;
  if (facts.requirements.length === 0) return MemberOverallStatus.NoRequirements;
  const mandatory = facts.requirements.filter((r) => !r.isOptional);
  if (mandatory.length === 0) return MemberOverallStatus.Optional;
  if (mandatory.every((r) => done.includes(r.status))) return MemberOverallStatus.Cleared;
  const handedIn = mandatory.every(
    (r) => done.includes(r.status) || r.status === RequirementStatus.PendingReview,
  );
  return handedIn ? MemberOverallStatus.NotConfirmed : MemberOverallStatus.Incomplete;
}
