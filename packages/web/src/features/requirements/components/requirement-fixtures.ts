import type { MemberRequirement } from '@touchline/contracts/member-requirements';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';

/** A member requirement for tests, Incomplete unless told otherwise. */
export function memberRequirement(
  definitionId: string,
  name: string,
  extra: Partial<MemberRequirement> = {},
): MemberRequirement {
  return {
    id: `mr-${definitionId}`,
    definitionId,
    profileLevelAccessId: '11111111-1111-4111-8111-111111111111',
    name,
    instructions: '',
    type: RequirementType.Document,
    status: RequirementStatus.Incomplete,
    isOptional: false,
    dueDate: null,
    completedAt: null,
    expiresAt: null,
    allowedActions: ['complete', 'upload', 'submitForReview'],
    nextAction: 'complete',
    returnedNotes: null,
    sharedCredential: null,
    ...extra,
  };
}

/** The my-requirements answer around some items. */
export const myRequirementsAnswer = (items: MemberRequirement[]) => ({
  profileId: 'profile-1',
  overallStatus: 1,
  items,
  totalCount: items.length,
});
