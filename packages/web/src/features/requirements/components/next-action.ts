import type { MemberRequirement } from '@touchline/contracts/member-requirements';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';

const doIt: Partial<Record<number, string>> = {
  [RequirementType.Document]: 'Upload the file',
  [RequirementType.Form]: 'Fill in the form',
  [RequirementType.Waiver]: 'Sign the waiver',
  [RequirementType.Video]: 'Watch the video',
  [RequirementType.CustomTraining]: 'Take the training',
};

/** The member's next step on a requirement in words, from the server's nextAction (never re-derived here). */
export function nextActionText(
  item: Pick<MemberRequirement, 'type' | 'status' | 'nextAction'> &
    Partial<Pick<MemberRequirement, 'sharedCredential'>>,
): string {
  // Met by a credential shared from another organization (ADR 049): renewed there, not here.
  if (item.sharedCredential)
    return item.status === RequirementStatus.ExpiringSoon
      ? `Renew it at ${item.sharedCredential.sourceOrganizationName}`
      : 'Nothing to do here';
  if (item.nextAction === null) {
    if (item.status === RequirementStatus.PendingReview) return 'Awaiting review';
    if (item.status === RequirementStatus.WaitingOnProvider) return 'Waiting on the provider';
    if (item.status === RequirementStatus.Completed) return 'Nothing to do';
    // Rejected with no way to resubmit is a disqualification: the next step is the organization's.
    if (item.status === RequirementStatus.Rejected) return 'Disqualified: contact your organization';
    return 'Nothing for you to do';
  }
  const step = doIt[item.type] ?? 'Open the requirement';
  if (item.status === RequirementStatus.Rejected) return `${step} again`;
  if (item.status === RequirementStatus.Expired || item.status === RequirementStatus.ExpiringSoon)
    return `Renew: ${step.charAt(0).toLowerCase()}${step.slice(1)}`;
  return step;
}
