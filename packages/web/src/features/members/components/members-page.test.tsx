import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectMember } from '@touchline/contracts/member-admin';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { MembersPage } from './members-page.tsx';

const levelId = 'level-1';
afterEach(() => vi.unstubAllGlobals());

/** A valid access id (the bulk body is checked against the contract before it is sent). */
const plaId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const member = (n: number, extra: Partial<DirectMember> = {}): DirectMember => ({
  profileLevelAccessId: plaId(n),
  profileId: `p-${n}`,
  firstName: `Ava${n}`,
  lastName: 'Nguyen',
  email: `ava${n}@example.org`,
  labelId: 'label-1',
  roleLabel: 'Player',
  role: null,
  groupMembershipStatus: 0,
  overallStatus: 4,
  externalId: null,
  hierarchyLevelId: levelId,
  levelName: 'U10 Girls',
  invitation: { state: 'sent', sentCount: 1, lastSentAt: '2026-11-20T10:00:00.000Z', acceptedAt: null },
  allowedActions: ['setGroupMembershipStatus', 'changeRole', 'archive', 'resendInvitation'],
  ...extra,
});

function renderPage(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    'GET /api/app/labels': {
      status: 200,
      body: { items: [{ id: 'label-1', name: 'Player', role: null, isDefault: true, assignable: true }] },
    },
    ...routes,
  });
  session.restore(signedInWebSession());
  renderRoutes(
    [{ path: '/levels/:levelId/members', element: <MembersPage /> }],
    `/levels/${levelId}/members`,
  );
  return server;
}
const listed = (items: DirectMember[]) => ({
  [`GET /api/app/hierarchy-level/${levelId}/direct-members`]: {
    status: 200,
    body: { level: { id: levelId, name: 'U10 Girls' }, items, totalCount: items.length },
  },
});

describe('the members management page', () => {
  it('lists the members with their role, status and invitation, and only the actions allowed', async () => {
    renderPage(
      listed([
        member(1),
        member(2, {
          allowedActions: ['setGroupMembershipStatus'],
          invitation: {
            state: 'accepted',
            sentCount: 1,
            lastSentAt: null,
            acceptedAt: '2026-11-21T10:00:00.000Z',
          },
          overallStatus: 2,
        }),
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Members of U10 Girls' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Invite Pending')).toBeInTheDocument();
    await userEvent.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Actions for Ava1 Nguyen' }),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Change role',
      'Resend invitation',
      'Archive',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(within(rows[2] as HTMLElement).getByText(/^Accepted/)).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sets the selected members Inactive in one call', async () => {
    const server = renderPage({
      ...listed([member(1), member(2)]),
      'POST /api/app/profile/set-group-membership-status-bulk': { status: 204 },
    });
    await userEvent.click(await screen.findByLabelText('Select all members on this page'));
    await userEvent.click(screen.getByRole('button', { name: 'Set Inactive' }));
    expect(await screen.findByText('2 members set Inactive.')).toBeInTheDocument();
    expect(
      JSON.parse(
        server.callsTo('POST', '/api/app/profile/set-group-membership-status-bulk')[0]?.body ?? '{}',
      ),
    ).toEqual({
      profileLevelAccessIds: [plaId(1), plaId(2)],
      groupMembershipStatus: 1,
    });
  });

  it('archives a member after confirmation', async () => {
    const server = renderPage({
      ...listed([member(1)]),
      [`DELETE /api/app/profile/profile-level-access/${plaId(1)}`]: { status: 204 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ava1 Nguyen' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archive Ava1 Nguyen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive member' }));
    await vi.waitFor(() =>
      expect(server.callsTo('DELETE', `/api/app/profile/profile-level-access/${plaId(1)}`)).toHaveLength(1),
    );
  });

  it('shows an empty level', async () => {
    renderPage(listed([]));
    expect(await screen.findByText('No members at this level yet.')).toBeInTheDocument();
  });

  it('says when the user cannot manage the level', async () => {
    renderPage({
      [`GET /api/app/hierarchy-level/${levelId}/direct-members`]: {
        status: 403,
        body: { error: { code: 'forbidden', message: 'You do not have permission to do this' } },
      },
    });
    expect(await screen.findByText('You cannot manage the members of this level.')).toBeInTheDocument();
  });

  it('includes the levels below on request, with a Level column, kept in the URL', async () => {
    const below = member(2, { hierarchyLevelId: 'level-2', levelName: 'U10 Girls Blue' });
    const server = renderPage({
      [`GET /api/app/hierarchy-level/${levelId}/direct-members`]: (call: { path: string }) => {
        const all = call.path.includes('includeBelow=true');
        const items = all ? [member(1), below] : [member(1)];
        return {
          status: 200,
          body: { level: { id: levelId, name: 'U10 Girls' }, items, totalCount: items.length },
        };
      },
    });
    expect(await screen.findByText('1 member directly at this level.')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Level' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include levels below' }));
    expect(await screen.findByText('2 members in this level and the levels below it.')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Level' })).toBeVisible();
    const row = screen.getByRole('row', { name: /Ava2 Nguyen/ });
    expect(within(row).getByText('U10 Girls Blue')).toBeVisible();
    expect(server.calls.at(-1)?.path).toContain('includeBelow=true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include levels below' }));
    expect(await screen.findByText('1 member directly at this level.')).toBeInTheDocument();
  });
});
