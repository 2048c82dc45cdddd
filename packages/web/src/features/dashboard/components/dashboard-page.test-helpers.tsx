import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type {
  DashboardInfo,
  DashboardMember,
  DashboardMembersResponse,
} from '@touchline/contracts/dashboard';
import { session } from '../../../lib/session.ts';
import { serveGlobally, type RecordedCall } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { DashboardPage } from './dashboard-page.tsx';

// The dashboard page's test fixtures: a level, its members and counts served by a fake API, and readers of the table
// and of the members calls made (dashboard-page.test.tsx, dashboard-pagination.test.tsx).

export const levelId = 'level-1';
export const membersPath = `/api/app/hierarchy-level/${levelId}/members`;
export const infoPath = `/api/app/hierarchy-level/${levelId}/dashboard-info`;

export const requirements = [
  { id: 'req-sheet', name: 'Concussion awareness sheet', type: 0 },
  { id: 'req-waiver', name: 'Participation waiver', type: 2 },
];

export const member = (n: number, extra: Partial<DashboardMember> = {}): DashboardMember => ({
  profileLevelAccessId: `pla-${n}`,
  profileId: `p-${n}`,
  firstName: `Ava${n}`,
  lastName: 'Nguyen',
  email: `ava${n}@example.org`,
  hierarchyLevelId: 'level-2',
  levelName: 'U10 Girls',
  labelId: 'label-1',
  roleLabel: 'Player',
  groupMembershipStatus: 0,
  overallStatus: 1,
  lastActivityAt: null,
  requirements: [
    {
      memberRequirementId: `mr-${n}-sheet`,
      definitionId: 'req-sheet',
      status: 4,
      allowedActions: [],
      sharedCredential: null,
    },
    {
      memberRequirementId: `mr-${n}-waiver`,
      definitionId: 'req-waiver',
      status: 3,
      allowedActions: [],
      sharedCredential: null,
    },
  ],
  allowedActions: ['setGroupMembershipStatus'],
  notClearedReasons: [],
  eligibilityFlags: [],
  ...extra,
});

export const page = (items: DashboardMember[], extra: Partial<DashboardMembersResponse> = {}) => ({
  items,
  totalCount: items.length,
  totalCountIsEstimate: false,
  page: 1,
  perPage: 25,
  positionIsEstimate: false,
  nextCursor: null,
  previousCursor: null,
  requirements,
  ...extra,
});

export const info: DashboardInfo = {
  level: { id: levelId, name: 'Riverside' },
  totalCount: 2,
  overallStatusCounts: [
    { status: 0, count: 5 },
    { status: 1, count: 2 },
  ],
  requirementStatusCounts: [
    { status: 3, count: 4 },
    { status: 4, count: 2 },
  ],
  restrictedCount: 1,
  openIncidentCount: 3,
};

export type Routes = Parameters<typeof serveGlobally>[0];
export type Reply = { status: number; body?: unknown };

/** Serves the dashboard's calls (members answered by `members`), then renders the page at `search`. */
export function renderDashboard(
  members: Reply | ((call: RecordedCall) => Reply | Promise<Reply>),
  search = '',
  routes: Routes = {},
) {
  const server = serveGlobally({
    [`GET ${membersPath}`]: members,
    [`GET ${infoPath}`]: { status: 200, body: info },
    'GET /api/app/labels': { status: 200, body: { items: [] } },
    ...routes,
  });
  session.restore(signedInWebSession());
  const router = renderRoutes(
    [{ path: '/levels/:levelId/dashboard', element: <DashboardPage levelId={levelId} /> }],
    `/levels/${levelId}/dashboard${search}`,
  );
  return { server, router };
}

/** The query of every members call the page made, in order. */
export const memberQueries = (server: ReturnType<typeof serveGlobally>) =>
  server.callsTo('GET', membersPath).map((c) => new URLSearchParams(c.path.split('?')[1] ?? ''));

/** The paging of a members query: page, after, before. */
export const paging = (q: URLSearchParams) => [q.get('page'), q.get('after'), q.get('before')];

export const table = () => screen.findByRole('table', { name: 'Members and their requirement statuses' });

/** Each data row's cell under the column headed `header`. */
export function column(header: string): HTMLElement[] {
  const headers = screen.getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent === header);
  expect(index).toBeGreaterThan(-1);
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index] as HTMLElement);
}
export const texts = (cells: HTMLElement[]) => cells.map((c) => c.textContent);
