import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, memberQueries, page, renderDashboard, table } from './dashboard-page.test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

// ADR 040: the dashboard says who is not cleared because of a condition and why, finds them, and counts open
// incidents without showing them.
describe('the dashboard and conditions', () => {
  it('shows the reason a member is not cleared beside their status', async () => {
    renderDashboard({
      status: 200,
      body: page([member(1, { notClearedReasons: ['Removed from play — concussion protocol'] }), member(2)]),
    });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    const status = (row: HTMLElement) => within(row).getByText('Incomplete').closest('td');
    expect(status(rows[0]!)).toHaveTextContent(
      'IncompleteNot cleared: Removed from play — concussion protocol',
    );
    expect(status(rows[1]!)).toHaveTextContent(/^Incomplete$/);
  });

  it('the "Under a condition" tile filters the list (restricted=true) and pressing it again removes the filter', async () => {
    const { server, router } = renderDashboard({ status: 200, body: page([member(1)]) });
    await table();
    const safety = screen.getByRole('region', { name: 'Safety' });
    const tile = within(safety).getByRole('button', { name: /Under a condition/ });
    expect(tile).toHaveTextContent('1Under a condition');
    expect(tile).toHaveAttribute('aria-pressed', 'false');
    expect(memberQueries(server)[0]?.get('restricted')).toBe('false');
    await userEvent.click(tile);
    expect(router.state.location.search).toBe('?restricted=true');
    await waitFor(() => expect(memberQueries(server).at(-1)?.get('restricted')).toBe('true'));
    expect(within(safety).getByRole('button', { name: /Under a condition/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('checkbox', { name: 'Under a condition only' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Under a condition only' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('counts open incidents, with no way into their contents', async () => {
    renderDashboard({ status: 200, body: page([member(1)]) });
    await table();
    const safety = screen.getByRole('region', { name: 'Safety' });
    expect(within(safety).getByLabelText('Open incidents: 3')).toBeInTheDocument();
    expect(within(safety).queryByRole('link')).not.toBeInTheDocument();
  });

  it('clears the condition filter with the others when nothing matches', async () => {
    const { router } = renderDashboard({ status: 200, body: page([]) }, '?restricted=true');
    expect(await screen.findByText('No members match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('the member drawer and conditions', () => {
  it('says why the member is not cleared and leads to their conditions and open incidents', async () => {
    renderDashboard({
      status: 200,
      body: page([member(1, { notClearedReasons: ['Removed from play — concussion protocol'] })]),
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Ava1 Nguyen' }));
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer).getByText('Not cleared: Removed from play — concussion protocol'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Conditions and open incidents' })).toHaveAttribute(
      'href',
      '/incidents/members/p-1',
    );
  });
});
