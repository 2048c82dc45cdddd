import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, page, renderDashboard, table } from './dashboard-page.test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('eligibility flags on the dashboard (ADR 039)', () => {
  it('names a flagged member "Plays up" / "Over age" in the row and in their drawer; others carry none', async () => {
    renderDashboard({
      status: 200,
      body: page([
        member(1, { eligibilityFlags: ['OverAge'] }),
        member(2, { eligibilityFlags: ['PlaysUp', 'OverGrade'] }),
        member(3),
      ]),
    });
    await table();
    const rows = screen.getAllByRole('row').slice(1);
    const flagsOf = (row: HTMLElement) =>
      Array.from(
        within(row).queryByRole('list', { name: 'Eligibility' })?.querySelectorAll('li') ?? [],
        (li) => li.textContent,
      );
    expect(rows.map(flagsOf)).toEqual([['Over age'], ['Plays up', 'Over grade'], []]);

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Ava1 Nguyen' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('list', { name: 'Eligibility' })).toHaveTextContent('Over age');
  });
});
