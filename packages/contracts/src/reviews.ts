import { z } from 'zod';
import { formSubmissionSchema, requirementFileSchema } from './requirement-completion.ts';
import { requirementStatusSchema } from './requirement-status.ts';
import { multiLineText } from './text.ts';

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

/** Longest review note: enough for a paragraph explaining a rejection. */
export const reviewNotesMaxLength = 2000;

/** Most items one bulk-review call may decide (the bench measures 10,000). */
export const bulkReviewMaxItems = 10_000;

/** The decisions a reviewer can make: every outcome but Pending. */
export const reviewDecisionSchema = reviewOutcomeSchema.refine(
  (value) => value !== ReviewOutcome.Pending,
  'Choose Approve, Reset or Disqualify',
);

/**
 * Body of POST {id}/review/{plaId} (spec §3 requirement review: reviewDecision, reviewNotes, completedDateTime).
 * A rejection needs notes: the member (RejectedReset) or the file (RejectedDisqualified) must say why.
 * completedDateTime, when given, corrects the completion date as part of the decision.
 */
export const reviewBodySchema = z
  .object({
    reviewDecision: reviewDecisionSchema,
    reviewNotes: multiLineText().max(reviewNotesMaxLength).default(''),
    completedDateTime: z.iso
      .datetime({ offset: true, message: 'Enter a date and time' })
      .refine((value) => Date.parse(value) <= Date.now() + 60_000, 'The time cannot be in the future')
      .optional(),
  })
  .refine((b) => b.reviewDecision === ReviewOutcome.Approved || b.reviewNotes.length > 0, {
    path: ['reviewNotes'],
    message: 'Say why the requirement is rejected',
  });
/** A review decision. */
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** One item of a bulk review: the requirement definition (`id`) and the member (`plaId`), as in {id}/review/{plaId}. */
export const reviewItemRefSchema = z.object({ id: z.uuid('Not an id'), plaId: z.uuid('Not an id') });
/** One requirement named in a bulk review. */
export type ReviewItemRef = z.infer<typeof reviewItemRefSchema>;

/** Body of POST bulk-review {requirements, review}: one decision for every item, all or nothing. */
export const bulkReviewBodySchema = z.object({
  requirements: z
    .array(reviewItemRefSchema)
    .min(1, 'Choose at least one requirement')
    .max(bulkReviewMaxItems, `Review at most ${bulkReviewMaxItems} requirements at once`)
    .refine(
      (items) => new Set(items.map((i) => `${i.id}/${i.plaId}`)).size === items.length,
      'A requirement is listed twice',
    ),
  review: reviewBodySchema,
});
/** A bulk review. */
export type BulkReviewBody = z.input<typeof bulkReviewBodySchema>;

/**
 * Body of POST {id}/review/{plaId}/reverse-disqualification (ADR 025): an administrator lifts a disqualification
 * and the requirement goes back to the Pending queue for a fresh decision; the reason is required and kept.
 */
export const reverseDisqualificationBodySchema = z.object({
  reviewNotes: z.string().trim().min(1, 'Say why the disqualification is reversed').max(reviewNotesMaxLength),
});
/** A reversal of a disqualification. */
export type ReverseDisqualificationBody = z.input<typeof reverseDisqualificationBodySchema>;

/** Response of a decision and of a bulk review: how many were decided and the reviewer's new badge count. */
export const reviewResultSchema = z.object({
  reviewed: z.number().int().nonnegative(),
  pendingReviewCount: z.number().int().nonnegative(),
});
/** What a decision answers. */
export type ReviewResult = z.infer<typeof reviewResultSchema>;

/** GET pending-review-count/{orgId}. */
export const pendingReviewCountSchema = z.object({ count: z.number().int().nonnegative() });
/** The reviewer's badge. */
export type PendingReviewCount = z.infer<typeof pendingReviewCountSchema>;

/** Filters shared by the list and the Next/Previous walk (ADR 015): requirement type, review source, level. */
export const reviewFilterSchema = z.object({
  type: reviewListTabSchema.default(ReviewListTab.Pending),
  requirementType: z.coerce.number().int().min(0).max(11).optional(),
  reviewSource: reviewSourceSchema.optional(),
  levelId: z.uuid('Not an id').optional(),
});
/** The list filters. */
export type ReviewFilter = z.infer<typeof reviewFilterSchema>;

/** Query of GET review-requirements/{orgId}?type&page&perPage (+ our filters). */
export const reviewListQuerySchema = reviewFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
/** The list query. */
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

/** Query of GET adjacent-review-requirement?type&dir (+ currentId: the item the reviewer is on, and the filters). */
export const adjacentReviewQuerySchema = reviewFilterSchema.extend({
  dir: directionSchema,
  currentId: z.uuid('Not an id'),
});
/** The Next/Previous query. */
export type AdjacentReviewQuery = z.input<typeof adjacentReviewQuerySchema>;

/** A decision as the Historical tab and the review page's history show it. */
export const reviewDecisionViewSchema = z.object({
  id: z.uuid(),
  outcome: reviewOutcomeSchema,
  notes: z.string(),
  reviewerName: z.string(),
  reviewedAt: z.iso.datetime({ offset: true }),
  reviewSource: reviewSourceSchema,
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
/** One past decision. */
export type ReviewDecisionView = z.infer<typeof reviewDecisionViewSchema>;

/** One row of the review list: a pending completion, or (Historical) a decision with its requirement. */
export const reviewListItemSchema = z.object({
  /** The member requirement on Pending; the decision on Historical (the currentId of the Next/Previous walk). */
  key: z.uuid(),
  memberRequirementId: z.uuid(),
  definitionId: z.uuid(),
  plaId: z.uuid(),
  memberName: z.string(),
  requirementName: z.string(),
  requirementType: z.number().int(),
  reviewSource: reviewSourceSchema,
  levelId: z.uuid(),
  levelName: z.string(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  decision: reviewDecisionViewSchema.nullable(),
});
/** One row of the review list. */
export type ReviewListItem = z.infer<typeof reviewListItemSchema>;

/** Response of review-requirements: the page in `items`, with `totalCount`. */
export const reviewListResponseSchema = z.object({
  items: z.array(reviewListItemSchema),
  totalCount: z.number().int().nonnegative(),
});
/** A page of the review list. */
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

/** Response of adjacent-review-requirement: the next or previous item, or null at the end of the queue. */
export const adjacentReviewResponseSchema = z.object({ item: reviewListItemSchema.nullable() });
/** The neighbour in the queue. */
export type AdjacentReviewResponse = z.infer<typeof adjacentReviewResponseSchema>;

/** One change of the requirement as the review page's history lists it. */
export const reviewEventSchema = z.object({
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  at: z.iso.datetime({ offset: true }),
  /** The note the change carried (a reversal's reason, a manual completion's note), null when none. */
  notes: z.string().nullable().default(null),
});

/**
 * GET {id}/review?plaId: what a reviewer needs to decide: the member, the requirement and its instructions, the
 * uploaded files (viewed in place through download-file), the form answers, the completion date and the history.
 */
export const reviewDetailSchema = z.object({
  item: reviewListItemSchema,
  member: z.object({
    profileId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    levelName: z.string(),
  }),
  requirement: z.object({
    name: z.string(),
    type: z.number().int(),
    instructions: z.string(),
    status: requirementStatusSchema,
    pendingReview: z.boolean(),
    completedAt: z.iso.datetime({ offset: true }).nullable(),
    expiresAt: z.string().nullable(),
  }),
  files: z.array(requirementFileSchema),
  formSubmission: formSubmissionSchema.nullable(),
  /** A LiveScan submission (ours): the ATI number the custodian of records confirms against the state's results. */
  liveScan: z
    .object({ atiNumber: z.string(), submittedAt: z.iso.datetime({ offset: true }) })
    .nullable()
    .default(null),
  decisions: z.array(reviewDecisionViewSchema),
  events: z.array(reviewEventSchema),
  /** The member stands disqualified on this requirement and the caller may reverse it (administrators, ADR 025). */
  mayReverseDisqualification: z.boolean().default(false),
});
/** The review page of one requirement. */
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;
