import { describe, expect, it } from 'vitest';

import {
  ActiveStatus,
  MemberOverallStatus,
  activeStatusLabels,
  activeStatusSchema,
  allGroupMembershipStatuses,
  dashboardMembersFilterDefaults,
  dashboardMembersFilterSchema,
  groupMembershipStatusFilterSchema,
  memberOverallStatusLabel,
  memberOverallStatusLabels,
  memberOverallStatusSchema,
} from './members.ts';

// Spec §4: [no, name, label]; NotActivated shows as Invite Pending.
const spec = [
  [0, 'Cleared', 'Cleared'],
  [1, 'Incomplete', 'Incomplete'],
  [2, 'NoRequirements', 'No Requirements'],
  [3, 'Optional', 'Optional'],
  [4, 'NotActivated', 'Invite Pending'],
  [5, 'Disqualified', 'Disqualified'],
  [6, 'NotConfirmed', 'Not Confirmed'],
] as const;

describe('member overall status', () => {
  it('matches the spec numbers and labels', () => {
    expect(Object.entries(MemberOverallStatus)).toEqual(spec.map(([no, name]) => [name, no]));
    expect(Object.entries(memberOverallStatusLabels)).toEqual(spec.map(([, name, label]) => [name, label]));
    expect(memberOverallStatusSchema.safeParse(7).success).toBe(false);
  });

  it.each(spec)('number %i (%s) is labelled %s', (no, _name, label) => {
    expect(memberOverallStatusLabel(no)).toBe(label);
  });

  it('active status is Active 0 / Inactive 1', () => {
    expect(ActiveStatus).toEqual({ Active: 0, Inactive: 1 });
    expect(activeStatusLabels).toEqual({ Active: 'Active', Inactive: 'Inactive' });
    expect(activeStatusSchema.safeParse(2).success).toBe(false);
  });
});

describe('dashboard members filter', () => {
  it('defaults are the spec defaults', () => {
    expect(allGroupMembershipStatuses).toBe('all');
    expect(dashboardMembersFilterDefaults).toEqual({
      sortCol: 'FullName',
      sortDir: 'ASC',
      search: '',
      requirementStatuses: [],
      labels: [],
      groupMembershipStatus: 'all',
    });
    expect(dashboardMembersFilterSchema.parse({})).toEqual(dashboardMembersFilterDefaults);
  });

  it('reads a query string: single values become lists, numbers are coerced', () => {
    expect(
      dashboardMembersFilterSchema.parse({
        sortCol: 'Email',
        sortDir: 'DESC',
        search: 'ann',
        requirementStatuses: '7',
        labels: ['l1', 'l2'],
        groupMembershipStatus: '1',
      }),
    ).toEqual({
      sortCol: 'Email',
      sortDir: 'DESC',
      search: 'ann',
      requirementStatuses: [7],
      labels: ['l1', 'l2'],
      groupMembershipStatus: 1,
    });
  });

  it('refuses bad values', () => {
    expect(dashboardMembersFilterSchema.safeParse({ sortDir: 'asc' }).success).toBe(false);
    expect(dashboardMembersFilterSchema.safeParse({ requirementStatuses: ['9'] }).success).toBe(false);
    expect(groupMembershipStatusFilterSchema.safeParse('some').success).toBe(false);
    expect(groupMembershipStatusFilterSchema.safeParse(2).success).toBe(false);
    expect(groupMembershipStatusFilterSchema.parse('all')).toBe('all');
  });
});
