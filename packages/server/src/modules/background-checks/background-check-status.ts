import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewSource } from '@touchline/contracts/reviews';
import type { ScreeningStatus } from '../../integrations/screening/port.ts';

/**
 * What a vendor's order state means for the member's background-check requirement: the status it must show and
 * the facts that make the engine derive it (ADR 030). Expired and ExpiringSoon never come from here: a clear
 * result is a completion whose validity the definition's own dates decide.
 */
export type BackgroundCheckResult =
  | { status: typeof RequirementStatus.WaitingOnApplicant }
  | { status: typeof RequirementStatus.WaitingOnProvider }
  | { status: typeof RequirementStatus.Completed }
  | {
      status: typeof RequirementStatus.PendingReview;
      reviewSource: typeof ReviewSource.FlaggedBackgroundCheck;
    }
  | { status: typeof RequirementStatus.Rejected }
  | { status: typeof RequirementStatus.Incomplete; reason: string };

/**
 * The one mapping from our screening statuses (the port's words for every vendor) to requirement statuses, pure:
 * - awaiting_candidate: the member must finish the vendor's hosted page → WaitingOnApplicant;
 * - in_progress and on_hold (research, or the vendor's own hold: info requested, exception) → WaitingOnProvider;
 * - clear → Completed;
 * - needs_review (a flagged "consider"), and the vendor-side adverse-action steps still open (pre-adverse, a
 *   dispute) → PendingReview with review source FlaggedBackgroundCheck: a reviewer decides;
 * - adverse_action_final → Rejected;
 * - canceled, expired (the invitation lapsed) → Incomplete with its reason, so the member can order again.
 */
export function backgroundCheckResultOf(status: ScreeningStatus): BackgroundCheckResult {
  switch (status) {
    case 'awaiting_candidate':
      return { status: RequirementStatus.WaitingOnApplicant };
    case 'in_progress':
    case 'on_hold':
      return { status: RequirementStatus.WaitingOnProvider };
    case 'clear':
      return { status: RequirementStatus.Completed };
    case 'needs_review':
    case 'adverse_action_pending':
    case 'disputed':
      return { status: RequirementStatus.PendingReview, reviewSource: ReviewSource.FlaggedBackgroundCheck };
    case 'adverse_action_final':
      return { status: RequirementStatus.Rejected };
    case 'canceled':
      return { status: RequirementStatus.Incomplete, reason: 'The background check was canceled' };
    case 'expired':
      return {
        status: RequirementStatus.Incomplete,
        reason: 'The invitation expired before the background check was finished',
      };
  }
}

/** Our screening statuses that may still change at the vendor: the daily sweep re-reads orders in these. */
export const openScreeningStatuses: readonly ScreeningStatus[] = [
  'awaiting_candidate',
  'in_progress',
  'on_hold',
  'needs_review',
  'adverse_action_pending',
  'disputed',
];
