import type { ReviewDetail, ReviewListItem } from '@touchline/contracts/reviews';

// One requirement in the review queue and its detail, as the review panel's tests serve them: each test names who,
// what and why it is in review, and overrides only what it is about.

export const reviewDefinitionId = '22222222-2222-4222-8222-222222222222';
export const reviewPlaId = '33333333-3333-4333-8333-333333333333';
/** Where the panel's calls for this requirement go. */
export const reviewApiBase = `/api/app/requirement/${reviewDefinitionId}`;

export function reviewFixture(opts: {
  firstName: string;
  lastName: string;
  email?: string | null;
  requirementName: string;
  type: number;
  reviewSource: ReviewListItem['reviewSource'];
  detail?: Partial<ReviewDetail>;
}): { item: ReviewListItem; detail: ReviewDetail } {
  const item: ReviewListItem = {
    key: '44444444-4444-4444-8444-444444444444',
    memberRequirementId: '44444444-4444-4444-8444-444444444444',
    definitionId: reviewDefinitionId,
    plaId: reviewPlaId,
    memberName: `${opts.firstName} ${opts.lastName}`,
    requirementName: opts.requirementName,
    requirementType: opts.type,
    reviewSource: opts.reviewSource,
    levelId: '55555555-5555-4555-8555-555555555555',
    levelName: 'U10 Lions',
    completedAt: '2026-11-20T10:00:00.000Z',
    decision: null,
  };
  const detail: ReviewDetail = {
    item,
    member: {
      profileId: '66666666-6666-4666-8666-666666666666',
      firstName: opts.firstName,
      lastName: opts.lastName,
      email: opts.email ?? null,
      levelName: item.levelName,
    },
    requirement: {
      name: opts.requirementName,
      type: opts.type,
      instructions: '',
      status: 7,
      pendingReview: true,
      completedAt: item.completedAt,
      expiresAt: null,
    },
    files: [],
    formSubmission: null,
    liveScan: null,
    decisions: [],
    events: [],
    mayReverseDisqualification: false,
    ...opts.detail,
  };
  return { item, detail };
}
