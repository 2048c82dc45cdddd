import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationFailed, type RecordedCall } from '../../../test/fake-server.ts';
import {
  member,
  memberQueries,
  page,
  paging,
  renderDashboard,
  table,
  type Reply,
} from './dashboard-page.test-helpers.tsx';

// The dashboard's paging (ADR 017): Previous/Next by cursor, First/Last by number, the "about" labels of estimated
// lists, and a page link whose cursor the server refuses.

afterEach(() => vi.unstubAllGlobals());

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

describe('the dashboard pages', () => {
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
});
