import { describe, expect, it } from 'vitest';
import { dashboardQueryString } from '../api/get-dashboard-members.ts';
import { parseDashboardFilter } from './use-dashboard-filter.ts';

describe('the dashboard filter in the URL', () => {
  it('reads the spec defaults from an empty query: page 1, 25 per page, FullName ascending, everyone', () => {
    expect(parseDashboardFilter(new URLSearchParams())).toEqual({
      page: 1,
      perPage: 25,
      sortCol: 'FullName',
      sortDir: 'ASC',
      search: '',
      labels: [],
      groupMembershipStatus: 'all',
      requirementStatuses: [],
      overallStatuses: [],
    });
  });

  it('reads repeated keys as lists and round-trips through the query string', () => {
    const label = '00000000-0000-4000-8000-000000000001';
    const query = `page=3&sortCol=Email&sortDir=DESC&search=zo%C3%AB&labels=${label}&requirementStatuses=4&requirementStatuses=5&groupMembershipStatus=1`;
    const filter = parseDashboardFilter(new URLSearchParams(query));
    expect(filter).toMatchObject({
      page: 3,
      sortCol: 'Email',
      sortDir: 'DESC',
      search: 'zoë',
      labels: [label],
      requirementStatuses: [4, 5],
      groupMembershipStatus: 1,
    });
    expect(parseDashboardFilter(new URLSearchParams(dashboardQueryString(filter)))).toEqual(filter);
  });

  it('falls back to the defaults when the URL holds something unreadable', () => {
    expect(parseDashboardFilter(new URLSearchParams('sortCol=Shoe&page=-1')).sortCol).toBe('FullName');
  });
});
