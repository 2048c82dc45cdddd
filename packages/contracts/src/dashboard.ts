import { z } from 'zod';
import { eligibilityFlagSchema } from './eligibility.ts';
import { MemberAction } from './member-admin.ts';
import {
  MemberOverallStatus,
  dashboardMembersFilterDefaults,
  groupMembershipStatusFilterSchema,
  memberOverallStatusSchema,
} from './members.ts';
import { paginationQuerySchema } from './pagination.ts';
import { RequirementStatus, requirementStatusSchema } from './requirement-status.ts';
import { singleLineText } from './text.ts';

/**
 * The dashboard (spec §1, §2, §3 "Dashboard members filter", §7 hierarchy members and dashboard-info): the members
 * of a level and every level below it, with their overall and requirement statuses (ADR 016).
 */

/** The sortable columns of the members table; FullName is the spec's default (§9). */
export const DashboardSortColumn = {
  FullName: 'FullName',
  Status: 'Status',
  Level: 'Level',
  Role: 'Role',
  Email: 'Email',
  LastActivity: 'LastActivity',
} as const;
/** One sortable column. */
export type DashboardSortColumn = (typeof DashboardSortColumn)[keyof typeof DashboardSortColumn];

/** Totals above this are estimated by the planner and marked so (ADR 016); at or below, they are exact. */
export const exactCountLimit = 100_000;

/** Longest page cursor accepted (a cursor is the sort keys of one row, base64url-encoded). */
export const dashboardCursorMaxLength = 1000;

/** Longest search text accepted. */
export const dashboardSearchMaxLength = 100;

/** Wraps a single query value into a list, since `?labels=a` arrives as a string and `?labels=a&labels=b` as a list. */
function toList(value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  return Array.isArray(value) ? value : String(value).split(',');
}

/** The filter part shared by the list, the counts and the download (everything but paging and sort). */
export const dashboardScopeQuerySchema = z.object({
  search: singleLineText()
    .max(dashboardSearchMaxLength, `Search at most ${dashboardSearchMaxLength} characters`)
    .default(dashboardMembersFilterDefaults.search),
  labels: z.preprocess(toList, z.array(z.uuid('Not a label id')).max(50)).default([]),
  groupMembershipStatus: groupMembershipStatusFilterSchema.default(
    dashboardMembersFilterDefaults.groupMembershipStatus,
  ),
});

/**
 * Query of GET /api/app/hierarchy-level/{id}/members: page/perPage and the spec's filter. `overallStatuses` is
 * ours (ADR 016): the overall-status tiles filter by it. `after`/`before` are ours too (ADR 017): the next or
 * previous page continues from the row a cursor names, exactly and at the cost of the first page at any depth;
 * `page` then only labels the page. At most one of them is given.
 */
export const dashboardMembersQuerySchema = paginationQuerySchema.extend({
  ...dashboardScopeQuerySchema.shape,
  sortCol: z.enum(DashboardSortColumn).default(DashboardSortColumn.FullName),
  sortDir: z.enum(['ASC', 'DESC']).default('ASC'),
  requirementStatuses: z
    .preprocess(toList, z.array(z.coerce.number().pipe(requirementStatusSchema)))
    .default([]),
  overallStatuses: z
    .preprocess(toList, z.array(z.coerce.number().pipe(memberOverallStatusSchema)))
    .default([]),
  /**
   * Ours (ADR 040): only members under a standing restricting condition ("Under a condition": not cleared while it
   * stands). `true` or `false`; absent is `false`.
   */
  restricted: z
    .enum(['true', 'false'], { error: 'Restricted is true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  after: z.string().min(1).max(dashboardCursorMaxLength).optional(),
  before: z.string().min(1).max(dashboardCursorMaxLength).optional(),
});
/** The parsed members query. */
export type DashboardMembersQuery = z.infer<typeof dashboardMembersQuerySchema>;
/** The members query without paging: what the status download exports. */
export type DashboardFilter = Omit<DashboardMembersQuery, 'page' | 'perPage' | 'after' | 'before'>;

/** Query of the status download: the members filter plus the file format. */
export const dashboardExportQuerySchema = dashboardMembersQuerySchema
  .omit({ page: true, perPage: true, after: true, before: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
/** The parsed download query. */
export type DashboardExportQuery = z.infer<typeof dashboardExportQuerySchema>;

/** One requirement of a member as a dashboard row shows it. */
export const dashboardRequirementCellSchema = z.object({
  memberRequirementId: z.string(),
  definitionId: z.string(),
  status: requirementStatusSchema,
  /**
   * The staff moves the actor may make on it from its status (ADR 025): `markComplete` (complete-without-upload)
   * and `markIncomplete`, under ADR 012's transitions and ADR 014's per-type matrix.
   */
  allowedActions: z.array(z.enum(['markComplete', 'markIncomplete'])).default([]),
  /**
   * When a credential the member shared from another organization meets it (ADR 049), not their own completion
   * here: where it came from and the day it was completed there (no staff move is offered then); null otherwise.
   */
  sharedCredential: z
    .object({ sourceOrganizationName: z.string(), completedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
    .nullable()
    .default(null),
});

/** One member row: the person, where and as what they are, their statuses, and what the actor may do. */
export const dashboardMemberSchema = z.object({
  profileLevelAccessId: z.string(),
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  hierarchyLevelId: z.string(),
  levelName: z.string(),
  labelId: z.string(),
  roleLabel: z.string(),
  groupMembershipStatus: z.number().int(),
  overallStatus: memberOverallStatusSchema,
  lastActivityAt: z.string().nullable(),
  requirements: z.array(dashboardRequirementCellSchema),
  allowedActions: z.array(z.enum(MemberAction)),
  /**
   * Why the member is not cleared while a restricting condition stands (ADR 040), one reason per condition, e.g.
   * "Removed from play — concussion protocol"; a condition for reviewers only reads "A condition for the league’s
   * reviewers" to a caller without incident access. Empty when none stands.
   */
  notClearedReasons: z.array(z.string()).default([]),
  /** A verified member outside the level's age group or grade bounds (ADR 039 "Eligibility"): never silent. */
  eligibilityFlags: z.array(eligibilityFlagSchema).default([]),
});
/** One dashboard row. */
export type DashboardMember = z.infer<typeof dashboardMemberSchema>;

/** A requirement definition named by the rows of a page (their columns). */
export const dashboardRequirementSchema = z.object({ id: z.string(), name: z.string(), type: z.number() });
/** One requirement column. */
export type DashboardRequirement = z.infer<typeof dashboardRequirementSchema>;

/**
 * Answer of GET …/members: one page, the total (estimated and marked so above {@link exactCountLimit}), and the
 * cursors of the pages beside it (ADR 017).
 */
export const dashboardMembersResponseSchema = z.object({
  items: z.array(dashboardMemberSchema),
  totalCount: z.number().int().nonnegative(),
  totalCountIsEstimate: z.boolean(),
  page: z.number().int(),
  perPage: z.number().int(),
  /**
   * Whether the page's number is only about where its rows lie: in a list whose total is estimated, a page beyond
   * its first {@link exactCountLimit} rows is placed from the list's nearer end, or by the same sample that estimates
   * the total (its rows are real and in order; their exact rank is not counted).
   */
  positionIsEstimate: z.boolean(),
  /** Pass as `after` (with page + 1) for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Pass as `before` (with page - 1) for the previous page; null on the first page. */
  previousCursor: z.string().nullable(),
  /** Every requirement any item of the page holds, once each, in library order: the table's requirement columns. */
  requirements: z.array(dashboardRequirementSchema),
});
/** The parsed members answer. */
export type DashboardMembersResponse = z.infer<typeof dashboardMembersResponseSchema>;

/** Query of GET …/dashboard-info: the same scope filters as the list, so tiles and table agree. */
export const dashboardInfoQuerySchema = dashboardScopeQuerySchema;
/** The parsed dashboard-info query. */
export type DashboardInfoQuery = z.infer<typeof dashboardInfoQuerySchema>;

const countSchema = z.number().int().nonnegative();

/**
 * Answer of GET …/dashboard-info: members by overall status (every one of the 7, zeros included) and, per
 * requirement status, how many members have at least one active requirement in it — exactly what the list with
 * that status filter totals.
 */
export const dashboardInfoSchema = z.object({
  level: z.object({ id: z.string(), name: z.string() }),
  totalCount: countSchema,
  overallStatusCounts: z.array(z.object({ status: memberOverallStatusSchema, count: countSchema })),
  requirementStatusCounts: z.array(z.object({ status: requirementStatusSchema, count: countSchema })),
  /** Ours (ADR 040): the rows the list filtered by `restricted=true` totals (members under a restricting condition). */
  restrictedCount: countSchema.default(0),
  /** Ours (ADR 040): incidents at the level and below not yet closed (a count, never their contents). */
  openIncidentCount: countSchema.default(0),
});
/** The parsed dashboard-info answer. */
export type DashboardInfo = z.infer<typeof dashboardInfoSchema>;

/** Every overall status number, in the spec's order: the tiles. */
export const overallStatusValues = Object.values(MemberOverallStatus);
/** Every requirement status number, in the spec's order. */
export const requirementStatusValues = Object.values(RequirementStatus);

/** Query of GET /api/app/hierarchy-level/search: text typed into the navigation's search (ADR 016). */
export const navigationSearchQuerySchema = z.object({
  q: singleLineText().min(2, 'Type at least 2 characters').max(dashboardSearchMaxLength),
});

/** A level found by the navigation search, with its parent's name to tell same-named teams apart. */
export const searchNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentName: z.string().nullable(),
});
/** A member found by the navigation search, by access (a person at two levels is found twice). */
export const searchUserSchema = z.object({
  profileLevelAccessId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  hierarchyLevelId: z.string(),
  levelName: z.string(),
});

/** Most levels and most members one search answers. */
export const navigationSearchLimit = 8;

/**
 * Answer of the navigation search, shaped as the spec's session `searchResults`: nodes keyed by level id and
 * userList keyed by profileLevelAccessId, each in relevance order (key order is insertion order).
 */
export const navigationSearchResponseSchema = z.object({
  nodes: z.record(z.string(), searchNodeSchema),
  userList: z.record(z.string(), searchUserSchema),
});
/** The parsed navigation search answer. */
export type NavigationSearchResponse = z.infer<typeof navigationSearchResponseSchema>;
