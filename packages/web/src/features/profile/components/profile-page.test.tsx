import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileWithPlas } from '@touchline/contracts/profiles';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeAccessToken, signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { EditChildProfilePage } from './edit-child-profile-page.tsx';
import { GroupAccountDashboard } from './group-account-dashboard.tsx';
import { ProfilePage } from './profile-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const access = (id: string, organizationId: string, levelName: string, roleLabel: string) => ({
  id,
  profileId: 'profile-1',
  organizationId,
  hierarchyLevelId: `level-${id}`,
  levelName,
  labelId: 'label-1',
  roleLabel,
  role: null,
  groupMembershipStatus: 0,
  overallStatus: 2,
  externalId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const child: ProfileWithPlas = {
  id: 'child-1',
  organizationId: 'org-1',
  organizationName: 'Riverside',
  appUserId: null,
  guardianProfileId: 'profile-1',
  firstName: 'Kim',
  lastName: 'Morgan',
  email: null,
  dateOfBirth: '2014-03-02',
  profilePicture: null,
  profileLevelAccesses: [access('pla-9', 'org-1', 'U10 Girls', 'Player')],
};

function renderAt(path: string, routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    'GET /api/app/profile': {
      status: 404,
      body: { error: { code: 'not_found', message: 'No organization is selected' } },
    },
    'GET /api/app/profile/organizations': {
      status: 200,
      body: [
        { organizationId: 'org-1', organizationName: 'Riverside', profileId: 'profile-1', isCurrent: true },
        { organizationId: 'org-2', organizationName: 'Hillside', profileId: 'profile-2', isCurrent: false },
      ],
    },
    'GET /api/app/profile/organization-profile-level-accesses': (call) => ({
      status: 200,
      body: call.path.includes('org-1')
        ? [access('pla-1', 'org-1', 'Riverside', 'League Admin')]
        : [access('pla-2', 'org-2', 'U12', 'Coach')],
    }),
    'GET /api/app/profile/child-profiles': { status: 200, body: [] },
    ...routes,
  });
  session.restore(signedInWebSession());
  renderRoutes(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/groupAccountDashboard', element: <GroupAccountDashboard /> },
      { path: '/profile/children/:profileId', element: <EditChildProfilePage /> },
    ],
    path,
  );
  return server;
}

describe('the profile page', () => {
  it('lists the organizations with their memberships, the current one marked', async () => {
    renderAt('/profile', {});
    expect(await screen.findByRole('heading', { name: 'Alex Morgan', level: 1 })).toBeInTheDocument();
    const riverside = await screen.findByRole('listitem', { name: 'Riverside' });
    expect(within(riverside).getByText('Current organization')).toBeInTheDocument();
    expect(await within(riverside).findByText(/League Admin/)).toBeInTheDocument();
    const hillside = screen.getByRole('listitem', { name: 'Hillside' });
    expect(await within(hillside).findByText(/at U12/)).toBeInTheDocument();
  });

  it('switches organization, refreshes the token and goes home', async () => {
    const server = renderAt('/profile', {
      'GET /api/app/organization/org-2/select-organization': {
        status: 200,
        body: { organizationId: 'org-2', profileId: 'profile-2', roles: [] },
      },
      'POST /api/refresh-token': {
        status: 200,
        body: {
          token: fakeAccessToken(testClaims({ CurrentProfileId: 'profile-2' })),
          authTime: Date.now() - 60_000,
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Hillside' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(1);
  });
});

describe('/groupAccountDashboard (partner return path)', () => {
  it('shows the profile page when the user looks after no child', async () => {
    renderAt('/groupAccountDashboard', {});
    expect(await screen.findByRole('heading', { name: 'Your organizations' })).toBeInTheDocument();
  });

  it('lists the children with edit links, and the edit page saves a child', async () => {
    const server = renderAt('/groupAccountDashboard', {
      'GET /api/app/profile/child-profiles': { status: 200, body: [child] },
      'PUT /api/app/profile/child-1': { status: 200, body: { ...child, firstName: 'Kimberly' } },
    });
    expect(await screen.findByRole('heading', { name: 'Your children' })).toBeInTheDocument();
    expect(screen.getByText(/Born 2014-03-02 · Player at U10 Girls/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Edit Kim Morgan' }));
    const first = await screen.findByLabelText(/First name/);
    await userEvent.clear(first);
    await userEvent.type(first, 'Kimberly');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('The profile is saved.')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('PUT', '/api/app/profile/child-1')[0]?.body ?? '{}')).toEqual({
      firstName: 'Kimberly',
      lastName: 'Morgan',
      email: null,
      dateOfBirth: '2014-03-02',
    });
  });
});
