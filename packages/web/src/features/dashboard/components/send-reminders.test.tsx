import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '../../../test/fake-server.ts';
import { levelId, member, page, renderDashboard, table, type Reply } from './dashboard-page.test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const remindPath = `POST /api/app/hierarchy-level/${levelId}/members/send-reminders`;
const counts = {
  preview: true,
  members: 3,
  toRemind: 2,
  nothingMissing: 0,
  remindedToday: 1,
  noAccount: 0,
  sent: 0,
};
const bodyOf = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as Record<string, unknown>;

describe('send reminder from the dashboard (ADR 033)', () => {
  it('counts the selected members first, says who is skipped and why, and sends on confirmation', async () => {
    const calls: Record<string, unknown>[] = [];
    const { server } = renderDashboard({ status: 200, body: page([member(1), member(2)]) }, '', {
      [remindPath]: (call: RecordedCall): Reply => {
        const body = bodyOf(call);
        calls.push(body);
        return body.preview
          ? { status: 200, body: counts }
          : { status: 200, body: { ...counts, preview: false, sent: 2 } };
      },
    });
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ava1 Nguyen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send reminder…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    expect(await within(dialog).findByText(/2 members will get one e-mail each/)).toBeInTheDocument();
    expect(within(dialog).getByText('1 member already reminded today (one reminder a day).')).toBeVisible();
    expect(calls[0]).toEqual({ profileLevelAccessIds: ['pla-1'], preview: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send 2 reminders' }));
    expect(await screen.findByText('Reminder sent to 2 members.')).toBeInTheDocument();
    expect(calls[1]).toEqual({ profileLevelAccessIds: ['pla-1'], preview: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', remindPath.slice(5))).toHaveLength(2);
  });

  it('reminds the whole filtered list with its filter; nobody to remind disables sending', async () => {
    const calls: Record<string, unknown>[] = [];
    renderDashboard({ status: 200, body: page([member(1)]) }, '?requirementStatuses=4', {
      [remindPath]: (call: RecordedCall): Reply => {
        calls.push(bodyOf(call));
        return { status: 200, body: { ...counts, toRemind: 0, remindedToday: 0, nothingMissing: 3 } };
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Remind this list…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    expect(await within(dialog).findByText(/nobody will be e-mailed/)).toBeInTheDocument();
    expect(within(dialog).getByText('3 members with nothing missing.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Send reminders' })).toBeDisabled();
    expect(calls[0]).toMatchObject({ filter: { requirementStatuses: [4] }, preview: true });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failed count with a way to try again', async () => {
    let fail = true;
    renderDashboard({ status: 200, body: page([member(1)]) }, '', {
      [remindPath]: (): Reply =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: counts },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Remind everyone…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    expect(await within(dialog).findByText(/Could not count the members to remind/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/2 members will get one e-mail each/)).toBeInTheDocument();
  });
});
