import { z } from 'zod';

/** Outcome of a requirement review with the spec's numbers (§4); the review decision is sent as this number. */
export const ReviewOutcome = {
  Pending: 0,
  Approved: 1,
  RejectedReset: 2,
  RejectedDisqualified: 3,
} as const;
/** One review outcome number. */
export type ReviewOutcome = (typeof ReviewOutcome)[keyof typeof ReviewOutcome];

/** Validates a review outcome number arriving in a request body. */
export const reviewOutcomeSchema = z.enum(ReviewOutcome);

/** Why a requirement landed in review (§4); the spec gives no numbers, so values equal the names. */
export const ReviewSource = {
  ManualUpload: 'ManualUpload',
  FlaggedBackgroundCheck: 'FlaggedBackgroundCheck',
  SexOffenderSearch: 'SexOffenderSearch',
  LiveScan: 'LiveScan',
} as const;
/** One review source. */
export type ReviewSource = (typeof ReviewSource)[keyof typeof ReviewSource];

/** The spec's labels for review sources, shown in the review list. */
export const reviewSourceLabels = {
  ManualUpload: 'Manual Upload',
  FlaggedBackgroundCheck: 'Flagged Background Check',
  SexOffenderSearch: 'Sex Offender Search',
  LiveScan: 'LiveScan Screening',
} as const satisfies Record<ReviewSource, string>;

/** Validates a review source arriving in a request. */
export const reviewSourceSchema = z.enum(ReviewSource);

/** Tabs of the review list (§4); values equal the names since the spec gives no numbers. */
export const ReviewListTab = { Pending: 'Pending', Historical: 'Historical' } as const;
/** One review list tab. */
export type ReviewListTab = (typeof ReviewListTab)[keyof typeof ReviewListTab];

/** Validates the review list tab arriving as the `type` query parameter. */
export const reviewListTabSchema = z.enum(ReviewListTab);

/** Direction for the adjacent-review call (§7 `adjacent-review-requirement?type&dir`); values equal the names. */
export const Direction = { Next: 'Next', Previous: 'Previous' } as const;
/** One direction. */
export type Direction = (typeof Direction)[keyof typeof Direction];

/** Validates the `dir` query parameter of the adjacent-review call. */
export const directionSchema = z.enum(Direction);
