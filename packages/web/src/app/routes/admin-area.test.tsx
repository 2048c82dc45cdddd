import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminHealth,
  AdminOrganization,
  AdminOrganizationDetail,
  AdminPersonDetail,
  SupportSession,
} from '@touchline/contracts/admin';
import { supportSessionHeader } from '@touchline/contracts/admin';
import { AdminArea } from './admin-area.tsx';
import { api } from '../../lib/api-client.ts';
import { session, useSession } from '../../lib/session.ts';
import { currentSupportSession, leaveSupportSession } from '../../lib/support-access.ts';
import { serveGlobally } from '../../test/fake-server.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signedInWebSession, testClaims } from '../../test/tokens.ts';
import { HealthPage } from '../../features/admin/components/health-page.tsx';
import { OrganizationPage } from '../../features/admin/components/organization-page.tsx';
import { OrganizationsPage } from '../../features/admin/components/organizations-page.tsx';
import { PeoplePage } from '../../features/admin/components/people-page.tsx';
import { SupportAccessBanner } from '../../features/admin/components/support-access-banner.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  leaveSupportSession();
});

const orgId = '11111111-1111-4111-8111-111111111111';
const organization: AdminOrganization = {
  id: orgId,
  name: 'Northside League',
  isDemo: false,
  planProductName: 'Basic',
  subscriptionStatus: 'trialing',
  memberCount: 42,
  vendors: ['tazworks'],
  createdAt: '2026-11-01T10:00:00.000Z',
  lastActivityAt: '2026-11-28T10:00:00.000Z',
};
const detail: AdminOrganizationDetail = {
  ...organization,
  location: { countryCode: 'US', stateCode: 'CA', cityName: 'Oakland' },
  levels: { count: 5, depth: 2, topLevel: [{ id: orgId, name: 'Northside League' }] },
  memberStatusCounts: [
    { status: 0, count: 30 },
    { status: 1, count: 12 },
  ],
  clearedShare: 30 / 42,
  billing: {
    subscriptionStatus: 'trialing',
    trialEndsAt: null,
    currentPeriodEndsAt: null,
    billingEmailSet: true,
  },
  clientGrants: [],
  yardstikStatus: null,
  webhooks: { last30Days: 3, unprocessed: 0 },
};
const person = {
  profileId: '22222222-2222-4222-8222-222222222222',
  userId: '33333333-3333-4333-8333-333333333333',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.org',
  roles: ['Admin'],
};
const support: SupportSession = {
  id: '44444444-4444-4444-8444-444444444444',
  organizationId: orgId,
  organizationName: 'Northside League',
  profileId: person.profileId,
  viewedName: 'Ada Admin',
  viewedUserId: person.userId,
  viewedRoles: ['Admin'],
  adminUserId: '55555555-5555-4555-8555-555555555555',
  adminName: 'Sam Support',
  reason: 'Ticket 17: members missing',
  allowWrites: false,
  startedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  endedAt: null,
  endedByOrganization: false,
  active: true,
};
const page = <T,>(items: T[]) => ({ status: 200, body: { items, totalCount: items.length } });

function signIn(roles: string[] = ['TouchlineAdmin']) {
  session.restore(signedInWebSession(testClaims({ 'User/Role': roles })));
}

function renderAdmin(path: string, routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally(routes);
  const router = renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <SupportAccessBanner />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <WhoAmI /> },
          {
            path: 'admin',
            element: <AdminArea />,
            children: [
              { path: 'organizations', element: <OrganizationsPage /> },
              { path: 'organizations/:organizationId', element: <OrganizationPage /> },
              { path: 'people', element: <PeoplePage /> },
              { path: 'health', element: <HealthPage /> },
            ],
          },
        ],
      },
    ],
    path,
  );
  return { server, router };
}

function WhoAmI() {
  const current = useSession();
  return <p>Signed in as {String(current.claims['User/FirstName'])}</p>;
}

describe('the /admin area', () => {
  it('is the unknown page to anyone but a platform administrator', async () => {
    signIn(['Admin']);
    const { server } = renderAdmin('/admin/organizations', {});
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('lists organizations paged on the server and filters them', async () => {
    signIn();
    const { server } = renderAdmin('/admin/organizations', {
      'GET /api/app/admin/organizations': { status: 200, body: { items: [organization], totalCount: 60 } },
    });
    const link = await screen.findByRole('link', { name: 'Northside League' });
    expect(link).toHaveAttribute('href', `/admin/organizations/${orgId}`);
    expect(screen.getByText('60 organizations')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Demo'), 'true');
    await userEvent.type(screen.getByLabelText('Search by name'), 'north');
    await waitFor(() =>
      expect(server.calls.some((c) => c.path.includes('search=north') && c.path.includes('demo=true'))).toBe(
        true,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.includes('page=2'))).toBe(true));
  });

  it('views an organization as one of its people with a reason, then every call names the session', async () => {
    signIn();
    const { server, router } = renderAdmin(`/admin/organizations/${orgId}`, {
      [`GET /api/app/admin/organizations/${orgId}`]: { status: 200, body: detail },
      [`GET /api/app/admin/organizations/${orgId}/people`]: page([person]),
      [`GET /api/app/admin/organizations/${orgId}/audit`]: page([]),
      'POST /api/app/admin/support-sessions': { status: 201, body: support },
      [`GET /api/app/admin/support-sessions/${support.id}`]: { status: 200, body: support },
      [`POST /api/app/admin/support-sessions/${support.id}/end`]: {
        status: 200,
        body: { ...support, active: false },
      },
      'GET /api/app/profile': { status: 204 },
    });
    expect(await screen.findByRole('heading', { name: 'Northside League' })).toBeInTheDocument();
    expect(screen.getByText('71%')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'View as Ada Admin' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start viewing' }));
    expect(await within(dialog).findByText('Give a reason of at least 10 characters.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/admin/support-sessions')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), ' — ticket 17: members missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start viewing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(server.callsTo('POST', '/api/app/admin/support-sessions')[0]?.body ?? '{}')).toEqual({
      profileId: person.profileId,
      reason: 'short — ticket 17: members missing',
      minutes: 30,
      allowWrites: false,
    });
    // The banner says whom and until when; the app reads as the viewed person; calls carry the session.
    const banner = await screen.findByRole('region', { name: 'Support access' });
    expect(banner).toHaveTextContent('viewing Northside League as Ada Admin, read-only');
    expect(screen.getByText('Signed in as Ada')).toBeInTheDocument();
    await api.get(`/api/app/profile?AppUserId=${person.userId}`);
    expect(server.callsTo('GET', '/api/app/profile').at(-1)?.headers[supportSessionHeader]).toBe(support.id);

    await userEvent.click(within(banner).getByRole('button', { name: 'End support access' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/api/app/admin/support-sessions/${support.id}/end`)).toHaveLength(1),
    );
    expect(currentSupportSession()).toBeNull();
    expect(screen.queryByRole('region', { name: 'Support access' })).not.toBeInTheDocument();
  });

  it('leaves support access when the server says the session is over', async () => {
    signIn();
    renderAdmin('/', {
      'POST /api/app/admin/support-sessions': { status: 201, body: support },
      [`GET /api/app/admin/support-sessions/${support.id}`]: {
        status: 200,
        body: { ...support, active: false },
      },
    });
    const { enterSupportSession } = await import('../../lib/support-access.ts');
    enterSupportSession(support);
    await waitFor(() => expect(currentSupportSession()).toBeNull());
    expect(await screen.findByText('Signed in as Alex')).toBeInTheDocument();
  });

  it('finds a person and acts on the account', async () => {
    signIn();
    const account: AdminPersonDetail = {
      id: person.userId,
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Admin',
      emailConfirmed: true,
      platformAdmin: false,
      lockedUntil: '2026-11-29T10:00:00.000Z',
      createdAt: '2026-11-01T10:00:00.000Z',
      memberships: [
        {
          organizationId: orgId,
          organizationName: 'Northside League',
          profileId: person.profileId,
          accesses: [{ levelName: 'Northside League', labelName: 'Admin', role: 'Admin' }],
        },
      ],
    };
    const { server } = renderAdmin('/admin/people', {
      'GET /api/app/admin/people': page([account]),
      [`GET /api/app/admin/people/${person.userId}`]: { status: 200, body: account },
      [`POST /api/app/admin/people/${person.userId}/unlock`]: {
        status: 200,
        body: { ...account, lockedUntil: null },
      },
      [`POST /api/app/admin/people/${person.userId}/password-reset`]: {
        status: 200,
        body: { message: 'A password reset link was sent to ada@example.org.' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ada Admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Admin at Northside League/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText('The account may sign in again.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send password reset' }));
    expect(
      await within(dialog).findByText('A password reset link was sent to ada@example.org.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', `/api/app/admin/people/${person.userId}/unlock`)).toHaveLength(1);
  });

  it('shows queue depths, vendor circuits, backlogs, recent errors and where traces go', async () => {
    signIn();
    const health: AdminHealth = {
      queues: [{ queue: 'mail.send', queued: 4, retrying: 1, running: 0, failed: 0, deadLetters: 2 }],
      vendors: [{ vendor: 'yardstik', circuit: 'open', recentCalls: 10, recentFailures: 5, errorRate: 0.5 }],
      webhooks: { unprocessed: 3, oldestUnprocessedAt: '2026-11-29T10:00:00.000Z', lagSeconds: 120 },
      mailOutbox: { pending: 4, failing: 1, oldestPendingAt: null },
      recentErrors: {
        total: 7,
        groups: [
          {
            route: '/api/app/members',
            method: 'GET',
            name: 'TypeError',
            message: 'Cannot read row <n> of [e-mail]',
            count: 7,
            firstSeenAt: '2026-11-29T09:00:00.000Z',
            lastSeenAt: '2026-11-29T10:00:00.000Z',
            lastRequestId: 'req-42',
          },
        ],
      },
      tracing: {
        exporting: true,
        endpoint: 'http://127.0.0.1:4318',
        recentTracesUrl: 'http://127.0.0.1:4318/__sandbox/traces',
      },
    };
    renderAdmin('/admin/health', { 'GET /api/app/admin/health': { status: 200, body: health } });
    const row = (await screen.findByRole('cell', { name: 'mail.send' })).closest('tr')!;
    expect(row).toHaveTextContent('mail.send41002');
    expect(screen.getByRole('cell', { name: 'open' })).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('3 (oldest 120 s ago)')).toBeInTheDocument();
    expect(screen.getByText(/7 server errors in the last 24 hours on this server, in 1 group/)).toBeVisible();
    const fault = screen.getByRole('cell', { name: 'GET /api/app/members' }).closest('tr')!;
    expect(fault).toHaveTextContent('TypeError: Cannot read row <n> of [e-mail]');
    expect(fault).toHaveTextContent('req-42');
    expect(
      screen.getByText('This server exports OpenTelemetry traces to http://127.0.0.1:4318.'),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Recent traces (OTLP receiver sandbox, development only)' }),
    ).toHaveAttribute('href', 'http://127.0.0.1:4318/__sandbox/traces');
  });
});
