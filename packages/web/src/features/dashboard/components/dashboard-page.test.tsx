import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  column,
  info,
  infoPath,
  member,
  memberQueries,
  page,
  renderDashboard,
  table,
  texts,
  type Reply,
} from './dashboard-page.test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard page', () => {
  it('shows its skeleton until the counts arrive, then the heading and tiles, and the table once the members do', async () => {
    let answerMembers: (reply: Reply) => void = () => undefined;
    let answerInfo: (reply: Reply) => void = () => undefined;
    renderDashboard(() => new Promise<Reply>((resolve) => (answerMembers = resolve)), '', {
      [`GET ${infoPath}`]: () => new Promise<Reply>((resolve) => (answerInfo = resolve)),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the dashboard…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    answerInfo({ status: 200, body: info });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Dashboard of Riverside');
    expect(screen.getByRole('region', { name: 'Members by status' })).toBeInTheDocument();
    expect(screen.getByText('Counting the members…')).toBeInTheDocument();
    expect(screen.getByText('Loading the members…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind everyone…' })).toBeDisabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /pag/i })).not.toBeInTheDocument();

    answerMembers({ status: 200, body: page([member(1)]) });
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByText('Loading the members…')).not.toBeInTheDocument();
    expect(screen.queryByText('Counting the members…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind everyone…' })).toBeEnabled();
  });

  it('lists the members with one visible column per requirement, and — when one is not assigned', async () => {
    const long = 'a.very.long.address.that.would.widen.the.table@riverside-youth-soccer.example.org';
    renderDashboard({
      status: 200,
      body: page([
        member(1, { email: long }),
        member(2, {
          requirements: [
            {
              memberRequirementId: 'mr-2-sheet',
              definitionId: 'req-sheet',
              status: 3,
              allowedActions: [],
              sharedCredential: null,
            },
          ],
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

  it('shows "Searching…" from the first key until a slow answer for the search arrives', async () => {
    const slow: { answer?: (reply: Reply) => void } = {};
    renderDashboard((call) =>
      call.path.includes('search=')
        ? new Promise<Reply>((resolve) => (slow.answer = resolve))
        : { status: 200, body: page([member(1), member(2)]) },
    );
    await table();
    const status = within(screen.getByRole('search', { name: 'Filter members' })).getByRole('status');
    expect(status).toHaveTextContent('');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search name or e-mail' }), 'member 2');
    expect(status).toHaveTextContent('Searching…');
    // Past the debounce the request is out and unanswered: still searching, the previous rows still shown.
    await waitFor(() => expect(slow.answer).toBeDefined());
    await new Promise((r) => setTimeout(r, 400));
    expect(status).toHaveTextContent('Searching…');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    slow.answer?.({ status: 200, body: page([member(2)]) });
    await waitFor(() => expect(status).toHaveTextContent(''));
    expect(screen.getAllByRole('row')).toHaveLength(2);
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

  it('says when the level does not exist', async () => {
    renderDashboard({ status: 200, body: page([member(1)]) }, '', {
      [`GET ${infoPath}`]: { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
    });
    expect(
      await screen.findByText('This level does not exist, or it is not part of your organization.'),
    ).toBeInTheDocument();
  });
});
