import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DashboardInfo,
  DashboardMember,
  DashboardMembersResponse,
} from '@touchline/contracts/dashboard';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed, type RecordedCall } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { DashboardPage } from './dashboard-page.tsx';

const levelId = 'level-1';
const membersPath = `/api/app/hierarchy-level/${levelId}/members`;
const infoPath = `/api/app/hierarchy-level/${levelId}/dashboard-info`;
afterEach(() => vi.unstubAllGlobals());

const requirements = [
  { id: 'req-sheet', name: 'Concussion awareness sheet', type: 0 },
  { id: 'req-waiver', name: 'Participation waiver', type: 2 },
];

const member = (n: number, extra: Partial<DashboardMember> = {}): DashboardMember => ({
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
    { memberRequirementId: `mr-${n}-sheet`, definitionId: 'req-sheet', status: 4 },
    { memberRequirementId: `mr-${n}-waiver`, definitionId: 'req-waiver', status: 3 },
  ],
  allowedActions: ['setGroupMembershipStatus'],
  ...extra,
});

const page = (items: DashboardMember[], extra: Partial<DashboardMembersResponse> = {}) => ({
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

const info: DashboardInfo = {
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
};

type Routes = Parameters<typeof serveGlobally>[0];
type Reply = { status: number; body?: unknown };

/** Serves the dashboard's calls (members answered by `members`), then renders the page at `search`. */
function renderDashboard(
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
const memberQueries = (server: ReturnType<typeof serveGlobally>) =>
  server.callsTo('GET', membersPath).map((c) => new URLSearchParams(c.path.split('?')[1] ?? ''));

/** The paging of a members query: page, after, before. */
const paging = (q: URLSearchParams) => [q.get('page'), q.get('after'), q.get('before')];

/** The answer for page n of a 60-member list (25 per page) labelled `label`: its one member Ava{n}, and cursors. */
const threePageBody = (n: number, label: number) =>
  page([member(n)], {
    page: label,
    totalCount: 60,
    nextCursor: n < 3 ? `c${n}-last` : null,
    previousCursor: n > 1 ? `c${n}-first` : null,
  });

/** A fake members list of three pages: a cursor `c{n}-last` is followed by page n + 1, `c{n}-first` preceded by n - 1. */
function threePages(call: RecordedCall): Reply {
  const [label, after, before] = paging(new URLSearchParams(call.path.split('?')[1]));
  const n = after ? Number(after[1]) + 1 : before ? Number(before[1]) - 1 : Number(label ?? '1');
  return { status: 200, body: threePageBody(n, Number(label ?? '1')) };
}

const table = () => screen.findByRole('table', { name: 'Members and their requirement statuses' });

/** Each data row's cell under the column headed `header`. */
function column(header: string): HTMLElement[] {
  const headers = screen.getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent === header);
  expect(index).toBeGreaterThan(-1);
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index] as HTMLElement);
}
const texts = (cells: HTMLElement[]) => cells.map((c) => c.textContent);

describe('the dashboard page', () => {
  it('shows a loading state until the members arrive', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    renderDashboard(() => new Promise<Reply>((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the dashboard…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer({ status: 200, body: page([member(1)]) });
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByText('Loading the dashboard…')).not.toBeInTheDocument();
  });

  it('lists the members with one visible column per requirement, and — when one is not assigned', async () => {
    const long = 'a.very.long.address.that.would.widen.the.table@riverside-youth-soccer.example.org';
    renderDashboard({
      status: 200,
      body: page([
        member(1, { email: long }),
        member(2, {
          requirements: [{ memberRequirementId: 'mr-2-sheet', definitionId: 'req-sheet', status: 3 }],
        }),
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard of Riverside' })).toBeInTheDocument();
    await table();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Concussion awareness sheet', 'Participation waiver']));
    for (const h of screen.getAllByRole('columnheader')) expect(h).toHaveAttribute('scope', 'col');
    expect(texts(column('Concussion awareness sheet'))).toEqual(['Overdue', 'Completed']);
    const waiver = column('Participation waiver');
    expect(texts(waiver)).toEqual(['Completed', '—Not assigned']);
    // A sighted user sees a dash; a screen reader hears "Not assigned".
    expect(within(waiver[1] as HTMLElement).getByText('—')).toHaveAttribute('aria-hidden', 'true');
    expect(within(waiver[1] as HTMLElement).getByText('Not assigned')).toHaveClass('sr-only');
    // The long e-mail is cut visually only: its full text stays in the cell and its title.
    const email = screen.getByText(long);
    expect(email).toHaveAttribute('title', long);
    expect(email).toHaveClass('truncate');
    // The table scrolls inside its own labelled, focusable region.
    const region = screen.getByRole('region', { name: 'Members table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table'));
  });

  it('says when the level has no members, and when the filters match none', async () => {
    renderDashboard({ status: 200, body: page([]) });
    expect(await screen.findByText('No members in this level yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('clears the filters that match no member', async () => {
    const { server, router } = renderDashboard({ status: 200, body: page([]) }, '?overallStatuses=5');
    expect(await screen.findByText('No members match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(memberQueries(server).at(-1)?.getAll('overallStatuses')).toEqual([]));
  });

  it('a status tile filters: the URL keeps it and the members are fetched again with overallStatuses', async () => {
    const { server, router } = renderDashboard({ status: 200, body: page([member(1)]) });
    await table();
    expect(memberQueries(server)).toHaveLength(1);
    expect(memberQueries(server)[0]?.has('overallStatuses')).toBe(false);
    const tiles = screen.getByRole('region', { name: 'Members by status' });
    const incomplete = within(tiles).getByRole('button', { name: /Incomplete/ });
    expect(incomplete).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(incomplete);
    expect(router.state.location.search).toBe('?overallStatuses=1');
    await waitFor(() => expect(memberQueries(server)).toHaveLength(2));
    expect(memberQueries(server)[1]?.getAll('overallStatuses')).toEqual(['1']);
    expect(within(tiles).getByRole('button', { name: /Incomplete/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sorts by a column header, and again the other way', async () => {
    const { server, router } = renderDashboard({ status: 200, body: page([member(1), member(2)]) });
    await table();
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?sortDir=DESC');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    await waitFor(() => expect(memberQueries(server)).toHaveLength(3));
    const [, byNameDesc, byEmail] = memberQueries(server);
    expect([byNameDesc?.get('sortCol'), byNameDesc?.get('sortDir')]).toEqual(['FullName', 'DESC']);
    expect([byEmail?.get('sortCol'), byEmail?.get('sortDir')]).toEqual(['Email', 'ASC']);
  });

  it('pages on from the rows on screen: Next sends after=nextCursor, Previous before=previousCursor', async () => {
    const { server, router } = renderDashboard(threePages);
    await table();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('button', { name: 'Ava2 Nguyen' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2&after=c1-last');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('button', { name: 'Ava1 Nguyen' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?before=c2-first');
    expect(memberQueries(server).map(paging)).toEqual([
      ['1', null, null],
      ['2', 'c1-last', null],
      ['1', null, 'c2-first'],
    ]);
  });

  it('disables Previous and First on the first page, Next and Last on the last', async () => {
    renderDashboard(threePages);
    await table();
    const button = (name: string) => screen.getByRole('button', { name });
    expect(button('First page')).toBeDisabled();
    expect(button('Previous page')).toBeDisabled();
    expect(button('Next page')).toBeEnabled();
    expect(button('Last page')).toBeEnabled();
    await userEvent.click(button('Last page'));
    expect(await screen.findByRole('button', { name: 'Ava3 Nguyen' })).toBeInTheDocument();
    expect(button('First page')).toBeEnabled();
    expect(button('Previous page')).toBeEnabled();
    expect(button('Next page')).toBeDisabled();
    expect(button('Last page')).toBeDisabled();
  });

  it('jumps to the last and the first page by number, without a cursor', async () => {
    const { server, router } = renderDashboard(threePages, '?page=2&after=c1-last');
    expect(await screen.findByRole('button', { name: 'Ava2 Nguyen' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByRole('button', { name: 'Ava3 Nguyen' })).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByRole('button', { name: 'Ava1 Nguyen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(memberQueries(server).map(paging)).toEqual([
      ['2', 'c1-last', null],
      ['3', null, null],
      ['1', null, null],
    ]);
  });

  it('drops the cursor from the URL and the request when a filter changes', async () => {
    const { server, router } = renderDashboard(threePages, '?page=2&after=c1-last');
    expect(await screen.findByRole('button', { name: 'Ava2 Nguyen' })).toBeInTheDocument();
    const tiles = screen.getByRole('region', { name: 'Members by status' });
    await userEvent.click(within(tiles).getByRole('button', { name: /Incomplete/ }));
    expect(router.state.location.search).toBe('?overallStatuses=1');
    await waitFor(() => expect(memberQueries(server)).toHaveLength(2));
    expect(paging(memberQueries(server)[1] as URLSearchParams)).toEqual(['1', null, null]);
  });

  it('takes no second step while the next page loads, since the cursors on screen are the old page', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { server, router } = renderDashboard((call) =>
      paging(new URLSearchParams(call.path.split('?')[1])).at(1) === 'c1-last'
        ? new Promise<Reply>((resolve) => (answer = resolve))
        : threePages(call),
    );
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3 (loading…)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2&after=c1-last');
    expect(memberQueries(server)).toHaveLength(2);
    answer({ status: 200, body: threePageBody(2, 2) });
    expect(await screen.findByRole('button', { name: 'Ava2 Nguyen' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says "about" of a page placed by the estimate, and of the page count of an estimated total', async () => {
    const total = 1_234_567;
    renderDashboard(
      {
        status: 200,
        body: page([member(1)], {
          page: 30_000,
          totalCount: total,
          totalCountIsEstimate: true,
          positionIsEstimate: true,
          nextCursor: 'n',
          previousCursor: 'p',
        }),
      },
      '?page=30000',
    );
    await table();
    const pages = Math.ceil(total / 25).toLocaleString();
    // Read out politely as it changes.
    expect(screen.getByText(`Page about ${(30_000).toLocaleString()} of about ${pages}`)).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('says "about" of the page count only when the total is estimated but the page counted', async () => {
    const total = 1_234_567;
    renderDashboard({
      status: 200,
      body: page([member(1)], { totalCount: total, totalCountIsEstimate: true, nextCursor: 'n' }),
    });
    await table();
    expect(screen.getByText(`Page 1 of about ${Math.ceil(total / 25).toLocaleString()}`)).toBeInTheDocument();
  });

  it('marks an estimated total as such', async () => {
    renderDashboard({
      status: 200,
      body: page([member(1)], { totalCount: 1_234_567, totalCountIsEstimate: true }),
    });
    await table();
    expect(
      screen.getByText(
        `About ${(1_234_567).toLocaleString()} members (estimated) in this level and the levels below it.`,
      ),
    ).toBeInTheDocument();
  });

  it('gives an exact total without the estimate wording', async () => {
    renderDashboard({ status: 200, body: page([member(1)]) });
    await table();
    expect(screen.getByText('1 member in this level and the levels below it.')).toBeInTheDocument();
  });

  it('opens the member drawer from the name, listing each requirement with its status', async () => {
    renderDashboard({ status: 200, body: page([member(1)]) });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Ava1 Nguyen' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ava1 Nguyen' });
    expect(within(drawer).getByText('ava1@example.org')).toBeInTheDocument();
    const items = within(drawer)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Concussion awareness sheetOverdue', 'Participation waiverCompleted']);
    expect(within(drawer).getByRole('button', { name: 'Set Inactive' })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close modal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the dashboard of the level may not be seen', async () => {
    renderDashboard({
      status: 403,
      body: { error: { code: 'forbidden', message: 'You do not have permission to do this' } },
    });
    expect(await screen.findByText('You cannot see the dashboard of this level.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('starts the list over when the server no longer takes the page link’s cursor', async () => {
    const { server, router } = renderDashboard(
      (call) =>
        call.path.includes('after=')
          ? validationFailed({
              field: 'after',
              in: 'query',
              message: 'This cursor is not one this list gave',
            })
          : { status: 200, body: page([member(1)]) },
      '?search=ava&page=3&after=stale',
    );
    expect(
      await screen.findByText('This page link is out of date: the list could not continue from it.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByRole('button', { name: 'Ava1 Nguyen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=ava');
    expect(paging(memberQueries(server).at(-1) as URLSearchParams)).toEqual(['1', null, null]);
  });

  it('says when the level does not exist', async () => {
    renderDashboard({ status: 200, body: page([member(1)]) }, '', {
      [`GET ${infoPath}`]: { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
    });
    expect(
      await screen.findByText('This level does not exist, or it is not part of your organization.'),
    ).toBeInTheDocument();
  });
});
