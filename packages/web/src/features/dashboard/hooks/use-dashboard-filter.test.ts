import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DashboardMembersQuery } from '@touchline/contracts/dashboard';
import { dashboardQueryString } from '../api/get-dashboard-members.ts';
import { parseDashboardFilter, useDashboardFilter } from './use-dashboard-filter.ts';

/** The hook in a router at `/{search}`, with the URL's query string beside it. */
function renderFilter(search: string) {
  return renderHook(() => ({ ...useDashboardFilter(), search: useLocation().search }), {
    wrapper: ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: [`/${search}`] }, children),
  });
}

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
      restricted: false,
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

  it('reads a page cursor and round-trips it', () => {
    const filter = parseDashboardFilter(new URLSearchParams('page=2&after=c1-last'));
    expect(filter).toMatchObject({ page: 2, after: 'c1-last' });
    expect(filter.before).toBeUndefined();
    expect(parseDashboardFilter(new URLSearchParams(dashboardQueryString(filter)))).toEqual(filter);
  });

  it('keeps neither cursor when the URL names both, since the server takes at most one', () => {
    const filter = parseDashboardFilter(new URLSearchParams('page=4&after=a&before=b&sortDir=DESC'));
    expect(filter).toMatchObject({ page: 4, sortDir: 'DESC' });
    expect(filter).not.toHaveProperty('after');
    expect(filter).not.toHaveProperty('before');
  });

  it('keeps a cursor only when the change names it, as Next and Previous do', () => {
    const { result } = renderFilter('?page=2&after=c1-last');
    act(() => result.current.update({ page: 3, after: 'c2-last' }));
    expect(result.current.search).toBe('?page=3&after=c2-last');
    expect(result.current.filter).toMatchObject({ page: 3, after: 'c2-last' });
    act(() => result.current.update({ page: 2, before: 'c3-first' }));
    expect(result.current.search).toBe('?page=2&before=c3-first');
  });

  it.each<[string, Partial<DashboardMembersQuery>, string]>([
    ['a page jump', { page: 5 }, '?page=5'],
    ['a sort', { sortCol: 'Email' }, '?sortCol=Email'],
    ['a sort direction', { sortDir: 'DESC' }, '?sortDir=DESC'],
    ['a search', { search: 'zoe' }, '?search=zoe'],
    ['a page size', { perPage: 50 }, '?perPage=50'],
    ['a status filter', { overallStatuses: [1] }, '?overallStatuses=1'],
  ])('drops both cursors on %s', (_, change, search) => {
    for (const start of ['?page=2&after=c1-last', '?page=2&before=c3-first']) {
      const { result, unmount } = renderFilter(start);
      act(() => result.current.update(change));
      expect(result.current.search).toBe(search);
      expect(result.current.filter.after).toBeUndefined();
      expect(result.current.filter.before).toBeUndefined();
      unmount();
    }
  });
});
