import { z } from 'zod';
import { activeStatusSchema } from './members.ts';
import { listResponse, paginationQuerySchema } from './pagination.ts';

/**
 * The management of a level's members (invitations, role changes, archive, activation, CSV import). The dashboard's
 * members list with its filters and counts is a separate call (GET /api/app/hierarchy-level/{id}/members).
 */

/** Path parameter of the /api/app/hierarchy-level/{id}/… member-management calls. */
export const memberLevelParamsSchema = z.object({ id: z.uuid('Not a level id') });

/** What the actor may do to one member, decided by the server (ARCHITECTURE §4). */
export const MemberAction = {
  ChangeRole: 'changeRole',
  Archive: 'archive',
  ResendInvitation: 'resendInvitation',
  SetGroupMembershipStatus: 'setGroupMembershipStatus',
} as const;
/** One member action. */
export type MemberAction = (typeof MemberAction)[keyof typeof MemberAction];

/** Where a member's invitation stands: none sent (e.g. imported history), sent and waiting, or accepted. */
export const InvitationState = { None: 'none', Sent: 'sent', Accepted: 'accepted' } as const;
/** One invitation state. */
export type InvitationState = (typeof InvitationState)[keyof typeof InvitationState];

/** A member whose access is at the level itself, as the management list shows it. */
export const directMemberSchema = z.object({
  profileLevelAccessId: z.string(),
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  labelId: z.string(),
  roleLabel: z.string(),
  role: z.string().nullable(),
  groupMembershipStatus: z.number().int(),
  overallStatus: z.number().int(),
  externalId: z.string().nullable(),
  /** The level the access is at: the level asked about, or one below it when the list includes them. */
  hierarchyLevelId: z.string(),
  levelName: z.string(),
  invitation: z.object({
    state: z.enum(InvitationState),
    sentCount: z.number().int().nonnegative(),
    lastSentAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
  }),
  allowedActions: z.array(z.enum(MemberAction)),
});
/** One member of the management list. */
export type DirectMember = z.infer<typeof directMemberSchema>;

/**
 * Query of GET /api/app/hierarchy-level/{id}/direct-members: the spec's page/perPage, and `includeBelow` (ours,
 * issue 18 item 12): the members of every level below too, as the dashboard lists them.
 */
export const directMembersQuerySchema = paginationQuerySchema.extend({
  includeBelow: z
    .enum(['true', 'false'], 'Give true or false')
    .default('false')
    .transform((v) => v === 'true'),
});

/** Answer of GET /api/app/hierarchy-level/{id}/direct-members: the level, one page of its members, the total. */
export const directMembersResponseSchema = listResponse(directMemberSchema).extend({
  level: z.object({ id: z.string(), name: z.string() }),
});
/** The parsed direct-members answer. */
export type DirectMembersResponse = z.infer<typeof directMembersResponseSchema>;

/** Query of GET /api/app/labels: with a level, `assignable` says whether the actor may give the label there. */
export const labelsQuerySchema = z.object({ hierarchyLevelId: z.uuid('Not a level id').optional() });

/** A role label of the organization; `role` is the organization role it carries, null for member labels. */
export const memberLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  isDefault: z.boolean(),
  assignable: z.boolean(),
});
/** One role label. */
export type MemberLabel = z.infer<typeof memberLabelSchema>;

/** Answer of GET /api/app/labels. */
export const labelsResponseSchema = z.object({ items: z.array(memberLabelSchema) });

/** Query of POST /api/app/profile/change-role (§7: `?profileLevelAccessId&newLabelId`). */
export const changeRoleQuerySchema = z.object({
  profileLevelAccessId: z.uuid('Not a member access id'),
  newLabelId: z.uuid('Choose a role'),
});
/** The parsed change-role query. */
export type ChangeRoleQuery = z.infer<typeof changeRoleQuerySchema>;

/** Path parameters of DELETE /api/app/profile/profile-level-access/{id}. */
export const profileLevelAccessParamsSchema = z.object({ id: z.uuid('Not a member access id') });

/** Most accesses one bulk call changes. */
export const bulkMaxProfileLevelAccesses = 1000;

/** Body of POST /api/app/profile/set-group-membership-status-bulk (§7): all of them change, or none. */
export const setGroupMembershipStatusBulkBodySchema = z.object({
  profileLevelAccessIds: z
    .array(z.uuid('Not a member access id'))
    .min(1, 'Choose at least one member')
    .max(bulkMaxProfileLevelAccesses, `Choose at most ${bulkMaxProfileLevelAccesses} members`),
  groupMembershipStatus: activeStatusSchema,
});
/** The parsed bulk body. */
export type SetGroupMembershipStatusBulkBody = z.infer<typeof setGroupMembershipStatusBulkBodySchema>;

/** The columns of a members import file, as the template spells them (headers are matched case-insensitively). */
export const membersImportColumns = [
  'firstName',
  'lastName',
  'email',
  'role',
  'level',
  'externalId',
  'dateOfBirth',
] as const;
/** One import column. */
export type MembersImportColumn = (typeof membersImportColumns)[number];
/**
 * Columns an import file may carry and the import ignores: the download of the rows an import left out adds them
 * (the file's line, the problems), so that file can be fixed and imported as it is.
 */
export const membersImportIgnoredColumns = ['line', 'problems'] as const;
/** The columns every import file must have. */
export const membersImportRequiredColumns = ['firstName', 'lastName', 'email'] as const;

/** Most rows one import file may hold. */
export const membersImportMaxRows = 1000;
/** Largest import file, in characters of CSV text. */
export const membersImportMaxLength = 1_000_000;

/**
 * The template offered for download: the header and two example rows (empty role = the default label, empty
 * level = the level imported into).
 */
export const membersImportTemplateCsv = [
  membersImportColumns.join(','),
  'Ava,Nguyen,ava.nguyen@example.org,,,EXT-001,2012-04-12',
  'Liam,Okafor,liam.okafor@example.org,,,,',
  '',
].join('\n');

/**
 * How an import treats rows with problems (issue 18 item 5, ours): `all` imports every row or none (the default),
 * `valid` imports the good rows — each whole: profile, access and invitation together — and reports the others.
 */
export const MembersImportMode = { All: 'all', Valid: 'valid' } as const;
/** One import mode. */
export type MembersImportMode = (typeof MembersImportMode)[keyof typeof MembersImportMode];

/** Body of the members-import preview and import calls: the CSV text (JSON, at most 1 MB) and the import mode. */
export const membersImportBodySchema = z.object({
  csv: z
    .string({ message: 'Choose a CSV file' })
    .min(1, 'The file is empty')
    .max(membersImportMaxLength, 'The file is larger than 1 MB'),
  mode: z.enum(MembersImportMode, 'Choose all or valid').default(MembersImportMode.All),
});
/** The parsed import body. */
export type MembersImportBody = z.infer<typeof membersImportBodySchema>;

/** One problem of one import row: the column it concerns and what is wrong. */
export const membersImportRowErrorSchema = z.object({ column: z.string(), message: z.string() });

/** One row of an import as the server reads and resolves it. rowNumber is the file's line (the header is 1). */
export const membersImportRowSchema = z.object({
  rowNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  labelId: z.string().nullable(),
  roleLabel: z.string().nullable(),
  hierarchyLevelId: z.string().nullable(),
  levelName: z.string().nullable(),
  externalId: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** The role and level cells as the file spells them (for the failed rows' download, so they can be fixed). */
  roleText: z.string().optional(),
  levelText: z.string().optional(),
  errors: z.array(membersImportRowErrorSchema),
});
/** One import row. */
export type MembersImportRow = z.infer<typeof membersImportRowSchema>;

/** Answer of POST /api/app/hierarchy-level/{id}/members-import/preview: every row, resolved, with its errors. */
export const membersImportPreviewSchema = z.object({
  rows: z.array(membersImportRowSchema),
  totalRows: z.number().int().nonnegative(),
  invalidRows: z.number().int().nonnegative(),
  canImport: z.boolean(),
});
/** The parsed preview answer. */
export type MembersImportPreview = z.infer<typeof membersImportPreviewSchema>;

/**
 * Answer of POST /api/app/hierarchy-level/{id}/members-import: how many members were invited and, in `valid` mode,
 * the rows left out with their problems (empty when every row was imported).
 */
export const membersImportResultSchema = z.object({
  importedCount: z.number().int().nonnegative(),
  newProfiles: z.number().int().nonnegative(),
  existingProfiles: z.number().int().nonnegative(),
  skippedRows: z.array(membersImportRowSchema).default([]),
});
/** The parsed import answer. */
export type MembersImportResult = z.infer<typeof membersImportResultSchema>;
