import { z } from 'zod';

import { requirementStatusSchema } from './requirement-status.ts';
import { singleLineText } from './text.ts';

/** A member's overall status across their requirements, with the spec's numbers (§4). */
export const MemberOverallStatus = {
  Cleared: 0,
  Incomplete: 1,
  NoRequirements: 2,
  Optional: 3,
  NotActivated: 4,
  Disqualified: 5,
  NotConfirmed: 6,
} as const;
/** One member overall status number. */
export type MemberOverallStatus = (typeof MemberOverallStatus)[keyof typeof MemberOverallStatus];
/** One member overall status name. */
export type MemberOverallStatusName = keyof typeof MemberOverallStatus;

/** Labels shown for member overall statuses; NotActivated shows as 'Invite Pending' (§4). */
export const memberOverallStatusLabels = {
  Cleared: 'Cleared',
  Incomplete: 'Incomplete',
  NoRequirements: 'No Requirements',
  Optional: 'Optional',
  NotActivated: 'Invite Pending',
  Disqualified: 'Disqualified',
  NotConfirmed: 'Not Confirmed',
} as const satisfies Record<MemberOverallStatusName, string>;

/** Label of a member overall status number, for places that hold only the number (4 → 'Invite Pending'). */
export function memberOverallStatusLabel(status: MemberOverallStatus): string {
  const name = (Object.keys(MemberOverallStatus) as MemberOverallStatusName[]).find(
    (key) => MemberOverallStatus[key] === status,
  );
  return name === undefined ? String(status) : memberOverallStatusLabels[name];
}

/** Validates a member overall status number arriving in a request. */
export const memberOverallStatusSchema = z.enum(MemberOverallStatus);

/** Active/Inactive 0/1 (§4): a member's group membership status. */
export const ActiveStatus = { Active: 0, Inactive: 1 } as const;
/** One active status number. */
export type ActiveStatus = (typeof ActiveStatus)[keyof typeof ActiveStatus];

/** Labels for the active status. */
export const activeStatusLabels = { Active: 'Active', Inactive: 'Inactive' } as const satisfies Record<
  keyof typeof ActiveStatus,
  string
>;

/** Validates an active status number, e.g. the bulk `groupMembershipStatus` body field. */
export const activeStatusSchema = z.enum(ActiveStatus);

/** The group membership filter value meaning "no filter", the spec's default (§3). */
export const allGroupMembershipStatuses = 'all';

/**
 * The dashboard's group membership filter: 'all' or one {@link ActiveStatus}. The spec shows only the default
 * 'all'; narrowing by the Active/Inactive number is our choice. Accepts '0'/'1' from a query string.
 */
export const groupMembershipStatusFilterSchema = z.union([
  z.literal(allGroupMembershipStatuses),
  z.coerce.number().pipe(activeStatusSchema),
]);
/** One group membership filter value. */
export type GroupMembershipStatusFilter = z.infer<typeof groupMembershipStatusFilterSchema>;

/** Sort directions of the members list; the spec's default is ASC. */
export const SortDirection = { Asc: 'ASC', Desc: 'DESC' } as const;
/** One sort direction. */
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

/** The dashboard members filter defaults of spec §3/§9 (sort FullName ascending, nothing filtered). */
export const dashboardMembersFilterDefaults = {
  sortCol: 'FullName',
  sortDir: 'ASC',
  search: '',
  requirementStatuses: [],
  labels: [],
  groupMembershipStatus: 'all',
} as const;

/** Wraps a single query value into a list, since `?labels=a` arrives as a string and `?labels=a&labels=b` as a list. */
function toList(value: unknown): unknown {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

/**
 * Validates the dashboard members filter (from a query string or JSON), filling the spec's defaults.
 * Other sort columns are not shown in the spec, so sortCol is any non-empty name.
 */
export const dashboardMembersFilterSchema = z.object({
  sortCol: z.string().min(1).default(dashboardMembersFilterDefaults.sortCol),
  sortDir: z.enum(SortDirection).default(dashboardMembersFilterDefaults.sortDir),
  search: singleLineText().default(dashboardMembersFilterDefaults.search),
  requirementStatuses: z
    .preprocess(toList, z.array(z.coerce.number().pipe(requirementStatusSchema)))
    .default([]),
  labels: z.preprocess(toList, z.array(z.string().min(1))).default([]),
  groupMembershipStatus: groupMembershipStatusFilterSchema.default(
    dashboardMembersFilterDefaults.groupMembershipStatus,
  ),
});
/** The parsed dashboard members filter. */
export type DashboardMembersFilter = z.infer<typeof dashboardMembersFilterSchema>;
