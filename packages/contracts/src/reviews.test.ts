import { describe, expect, it } from 'vitest';

import {
  Direction,
  ReviewListTab,
  ReviewOutcome,
  ReviewSource,
  directionSchema,
  reviewListTabSchema,
  reviewOutcomeSchema,
  reviewSourceLabels,
  reviewSourceSchema,
} from './reviews.ts';

describe('reviews', () => {
  it('review outcome has the spec numbers', () => {
    expect(ReviewOutcome).toEqual({ Pending: 0, Approved: 1, RejectedReset: 2, RejectedDisqualified: 3 });
    expect(reviewOutcomeSchema.parse(3)).toBe(3);
    expect(reviewOutcomeSchema.safeParse(4).success).toBe(false);
  });

  it('review sources have the spec labels', () => {
    const spec = [
      ['ManualUpload', 'Manual Upload'],
      ['FlaggedBackgroundCheck', 'Flagged Background Check'],
      ['SexOffenderSearch', 'Sex Offender Search'],
      ['LiveScan', 'LiveScan Screening'],
    ];
    expect(Object.values(ReviewSource)).toEqual(spec.map(([name]) => name));
    expect(Object.entries(reviewSourceLabels)).toEqual(spec);
    expect(reviewSourceSchema.safeParse('Manual Upload').success).toBe(false);
  });

  it('review list tabs and directions are the spec names', () => {
    expect(ReviewListTab).toEqual({ Pending: 'Pending', Historical: 'Historical' });
    expect(Direction).toEqual({ Next: 'Next', Previous: 'Previous' });
    expect(reviewListTabSchema.parse('Historical')).toBe('Historical');
    expect(directionSchema.parse('Previous')).toBe('Previous');
    expect(directionSchema.safeParse('next').success).toBe(false);
  });
});
