import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardMember } from '@touchline/contracts/dashboard';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { MemberDrawer } from './member-drawer.tsx';

const member: DashboardMember = {
  profileLevelAccessId: 'pla-1',
  profileId: 'profile-1',
  firstName: 'Ava',
  lastName: 'Nguyen',
  email: null,
  hierarchyLevelId: 'level-2',
  levelName: 'U10 Girls',
  labelId: 'label-1',
  roleLabel: 'Player',
  groupMembershipStatus: 0,
  overallStatus: 1,
  lastActivityAt: null,
  requirements: [
    {
      memberRequirementId: 'mr-1',
      definitionId: 'req-sheet',
      status: 0,
      allowedActions: ['markComplete'],
      sharedCredential: null,
    },
    {
      memberRequirementId: 'mr-2',
      definitionId: 'req-waiver',
      status: 0,
      allowedActions: [],
      sharedCredential: null,
    },
  ],
  allowedActions: [],
  notClearedReasons: [],
  eligibilityFlags: [],
};
const requirements = [
  { id: 'req-sheet', name: 'Concussion sheet', type: 0 },
  { id: 'req-waiver', name: 'Season waiver', type: 2 },
];

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('staff complete a requirement by hand from the member drawer (ADR 025)', () => {
  it('offers the move only where the server allows it and sends the date and note', async () => {
    const bodies: unknown[] = [];
    serveGlobally({
      'POST /api/app/requirement/req-sheet/complete-without-upload/pla-1': (call) => {
        bodies.push(JSON.parse(String(call.body)));
        return {
          status: 200,
          body: {
            memberRequirementId: '11111111-1111-4111-8111-111111111111',
            definitionId: '22222222-2222-4222-8222-222222222222',
            profileId: '33333333-3333-4333-8333-333333333333',
            status: 3,
            completedAt: '2026-01-05T00:00:00.000Z',
            files: [],
          },
        };
      },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <MemberDrawer
              member={member}
              requirements={requirements}
              busy={false}
              onClose={vi.fn()}
              onSetStatus={vi.fn()}
              onResend={vi.fn()}
            />
          ),
        },
      ],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mark complete: Concussion sheet' }));
    expect(screen.queryByRole('button', { name: /Season waiver/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reopen/ })).toBeNull();
    await userEvent.clear(screen.getByLabelText('Completed on'));
    await userEvent.type(screen.getByLabelText('Completed on'), '2026-01-05');
    await userEvent.type(screen.getByLabelText('Note (kept in the history)'), 'Paper copy seen');
    await userEvent.click(screen.getByRole('button', { name: 'Mark complete' }));
    await waitFor(() => expect(bodies).toEqual([{ date: '2026-01-05', note: 'Paper copy seen' }]));
    expect(await screen.findByText('Concussion sheet marked complete.')).toBeVisible();
  }, 20_000);
});

describe('a requirement met by a credential shared from another organization (ADR 049)', () => {
  it('offers no reopen; names the share and says what staff can do instead', async () => {
    serveGlobally({});
    const shared: DashboardMember = {
      ...member,
      requirements: [
        {
          memberRequirementId: 'mr-1',
          definitionId: 'req-sheet',
          status: 1,
          // Even were a move listed, a requirement met by a share offers none.
          allowedActions: ['markIncomplete'],
          sharedCredential: { sourceOrganizationName: 'Riverside Youth Soccer', completedOn: '2026-11-09' },
        },
      ],
    };
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <MemberDrawer
              member={shared}
              requirements={requirements}
              busy={false}
              onClose={vi.fn()}
              onSetStatus={vi.fn()}
              onResend={vi.fn()}
            />
          ),
        },
      ],
      '/',
    );
    expect(
      await screen.findByText(
        'Met by a credential the member shared from Riverside Youth Soccer, completed Nov 9, 2026.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'It cannot be reopened or completed here. The member can stop sharing it; whether it still holds is Riverside Youth Soccer’s own review to decide, and a renewal there carries over here.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Reopen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark complete/ })).toBeNull();
  });
});
