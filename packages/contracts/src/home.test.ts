import { describe, expect, it } from 'vitest';

import { homeSummaryPath, homeSummarySchema } from './home.ts';

const summary = {
  level: { id: 'l1', name: 'Riverside' },
  memberCount: 40,
  clearedCount: 31,
  overdueCount: 3,
  pendingReviewCount: 2,
  expiringCount: 4,
  pendingInvitationCount: 5,
};

describe('home summary', () => {
  it('accepts whole non-negative counts only', () => {
    expect(homeSummarySchema.parse(summary)).toEqual(summary);
    expect(homeSummarySchema.safeParse({ ...summary, overdueCount: -1 }).success).toBe(false);
    expect(homeSummarySchema.safeParse({ ...summary, expiringCount: 1.5 }).success).toBe(false);
  });

  it('is asked of one level', () => {
    expect(homeSummaryPath('abc')).toBe('/api/app/hierarchy-level/abc/home-summary');
  });
});
