import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationMessages } from '@touchline/contracts/invitations';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeAccessToken, signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { pendingInvitation, rememberInvitation } from '../pending-invitation.ts';
import { AcceptInvitationPage } from './accept-invitation-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// As long as a real link's token (32 random bytes, base64url).
const token = 'invitation-token-0123456789-abcdefghijklmno';

function renderAccept(routes: Parameters<typeof serveGlobally>[0], path = '/invitation/accept') {
  const server = serveGlobally(routes);
  session.restore(signedInWebSession(testClaims({ CurrentProfileId: null })));
  renderRoutes(
    [
      { path: '/invitation/accept', element: <AcceptInvitationPage /> },
      { path: '/levels/:levelId', element: <h1>Level page</h1> },
    ],
    path,
  );
  return server;
}

describe('accepting the invitation after signing in', () => {
  it('accepts the remembered invitation, refreshes the token, forgets it and opens the level', async () => {
    rememberInvitation(token);
    const refreshed = fakeAccessToken(testClaims({ CurrentProfileId: 'profile-9' }));
    const server = renderAccept({
      'POST /api/app/invitation/accept': {
        status: 200,
        body: { organizationId: 'org-1', profileId: 'profile-9', hierarchyLevelId: 'level-7' },
      },
      'POST /api/refresh-token': { status: 200, body: { token: refreshed, authTime: Date.now() - 1000 } },
    });
    expect(await screen.findByRole('heading', { name: 'Level page' })).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('POST', '/api/app/invitation/accept')[0]?.body ?? '{}')).toEqual({
      token,
    });
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(1);
    expect(session.getSnapshot().claims.CurrentProfileId).toBe('profile-9');
    expect(pendingInvitation()).toBeNull();
  });

  it('offers to sign out when the invitation was sent to another address, keeping it for the right account', async () => {
    rememberInvitation(token);
    renderAccept({
      'POST /api/app/invitation/accept': {
        status: 403,
        body: { error: { code: 'forbidden', message: invitationMessages.otherAddress } },
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'This invitation is for someone else' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(invitationMessages.otherAddress);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(pendingInvitation()).toBe(token);
  });

  it('explains a link that no longer works, and forgets it', async () => {
    renderAccept(
      {
        'POST /api/app/invitation/accept': {
          status: 404,
          body: { error: { code: 'not_found', message: 'Invitation not found' } },
        },
      },
      '/invitation/accept?token=invite-old-0000000000000000',
    );
    expect(await screen.findByText(invitationMessages.invalidLink)).toBeInTheDocument();
    expect(pendingInvitation()).toBeNull();
  });

  it('says there is nothing to accept without a token', async () => {
    renderAccept({});
    expect(await screen.findByText(/There is no invitation to accept here/)).toBeInTheDocument();
  });
});
