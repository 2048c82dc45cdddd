import { z } from 'zod';

import { RequirementStatus, type RequirementStatusName } from './requirement-status.ts';

/**
 * The state-changing actions on one member requirement (ADR 012). These are state-machine moves, not the
 * per-type permissions of spec §6 (requirement-actions.ts): a request must pass both checks.
 */
export const RequirementTransition = {
  /** The member completes it (form, waiver, video, training) without review. */
  Complete: 'complete',
  /** The member uploads a file that completes it (document, certificate) without review. */
  Upload: 'upload',
  /** An administrator completes it without an upload, on a given date (complete-without-upload). */
  MarkComplete: 'markComplete',
  /** An administrator resets it to not done (mark-incomplete). */
  MarkIncomplete: 'markIncomplete',
  /** A completion that needs a reviewer (manual upload, flagged vendor result). */
  SubmitForReview: 'submitForReview',
  /** A reviewer approves the pending completion. */
  ReviewApprove: 'reviewApprove',
  /** A reviewer rejects it and asks the member to do it again (RejectedReset). */
  ReviewReset: 'reviewReset',
  /** A reviewer rejects it and disqualifies the member (RejectedDisqualified). */
  ReviewDisqualify: 'reviewDisqualify',
  /** An administrator corrects the completion date (PATCH completed-date-time). */
  SetCompletedDate: 'setCompletedDate',
  /** The daily job notices validity ran out; no fact changes, reminders restart. */
  Expire: 'expire',
  /** The requirement applies again after a role or level change; facts are kept. */
  Reassign: 'reassign',
} as const;
/** One requirement transition name. */
export type RequirementTransition = (typeof RequirementTransition)[keyof typeof RequirementTransition];

/** Validates a transition name, e.g. in a member requirement's allowedActions. */
export const requirementTransitionSchema = z.enum(RequirementTransition);

const memberDoes = ['complete', 'upload', 'submitForReview'] as const;
const adminSets = ['markComplete', 'markIncomplete', 'setCompletedDate'] as const;
const reviews = ['reviewApprove', 'reviewReset', 'reviewDisqualify'] as const;

/**
 * Which transitions each status allows (ADR 012). 'reassign' is allowed from every status (it keeps the facts);
 * the web shows the member-facing subset as the next possible actions.
 */
export const requirementTransitions = {
  Incomplete: [...memberDoes, 'markComplete', 'reassign'],
  Overdue: [...memberDoes, 'markComplete', 'reassign'],
  Rejected: [...memberDoes, 'markComplete', 'markIncomplete', 'reassign'],
  WaitingOnApplicant: [...memberDoes, 'markComplete', 'markIncomplete', 'reassign'],
  WaitingOnProvider: ['submitForReview', 'markComplete', 'markIncomplete', 'reassign'],
  PendingReview: [...reviews, 'setCompletedDate', 'markIncomplete', 'reassign'],
  Completed: ['markIncomplete', 'setCompletedDate', 'expire', 'reassign'],
  ExpiringSoon: [...memberDoes, ...adminSets, 'expire', 'reassign'],
  Expired: [...memberDoes, ...adminSets, 'reassign'],
} as const satisfies Record<RequirementStatusName, readonly RequirementTransition[]>;

/** Only an administrator's reset lifts a disqualification; the member cannot resubmit their way out of it. */
const disqualifiedTransitions: readonly RequirementTransition[] = ['markIncomplete', 'reassign'];

function statusName(status: RequirementStatus): RequirementStatusName {
  const name = (Object.keys(RequirementStatus) as RequirementStatusName[]).find(
    (key) => RequirementStatus[key] === status,
  );
  if (name === undefined) throw new Error(`unknown requirement status ${String(status)}`);
  return name;
}

/** The transitions allowed from a status; a disqualified requirement allows only the administrator's reset. */
export function allowedRequirementTransitions(
  status: RequirementStatus,
  opts: { disqualified?: boolean } = {},
): readonly RequirementTransition[] {
  const allowed: readonly RequirementTransition[] = requirementTransitions[statusName(status)];
  return opts.disqualified ? allowed.filter((t) => disqualifiedTransitions.includes(t)) : allowed;
}

/** Whether one transition is allowed from a status (see {@link allowedRequirementTransitions}). */
export function isRequirementTransitionAllowed(
  status: RequirementStatus,
  transition: RequirementTransition,
  opts: { disqualified?: boolean } = {},
): boolean {
  return allowedRequirementTransitions(status, opts).includes(transition);
}

const refusals: Record<RequirementStatusName, string> = {
  Incomplete: 'This requirement is not completed yet',
  Overdue: 'This requirement is not completed yet',
  Rejected: 'This requirement was rejected; complete it again first',
  WaitingOnApplicant: 'This requirement is waiting on the applicant',
  WaitingOnProvider: 'This requirement is waiting on the provider; mark it incomplete to start over',
  PendingReview: 'This requirement is awaiting review; mark it incomplete to start over',
  Completed: 'This requirement is already completed; mark it incomplete first',
  ExpiringSoon: 'This requirement is completed and not yet expired',
  Expired: 'This requirement has expired; complete it again',
};

/** The 409 message for a transition not allowed from a status, worded for the person who tried it. */
export function requirementTransitionRefusal(
  status: RequirementStatus,
  transition: RequirementTransition,
  opts: { disqualified?: boolean } = {},
): string {
  if (opts.disqualified)
    return 'The member was disqualified on this requirement; only an administrator can reset it';
  return `${refusals[statusName(status)]} (cannot ${transition})`;
}

/**
 * The next thing the member would do from a status, for the "my requirements" list; null when nothing is theirs
 * to do (completed, awaiting review or the provider, disqualified).
 */
export function memberNextTransition(
  status: RequirementStatus,
  opts: { disqualified?: boolean } = {},
): RequirementTransition | null {
  if (opts.disqualified) return null;
  if (status === RequirementStatus.Completed || status === RequirementStatus.PendingReview) return null;
  if (status === RequirementStatus.WaitingOnProvider) return null;
  return 'complete';
}
