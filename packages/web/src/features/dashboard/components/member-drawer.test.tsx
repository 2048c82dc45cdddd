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
    { memberRequirementId: 'mr-1', definitionId: 'req-sheet', status: 0, allowedActions: ['markComplete'] },
    { memberRequirementId: 'mr-2', definitionId: 'req-waiver', status: 0, allowedActions: [] },
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
