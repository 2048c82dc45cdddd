import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAuditEvent, SupportSession } from '@touchline/contracts/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { SupportAccessPage } from './support-access-page.tsx';

const orgId = '11111111-1111-4111-8111-111111111111';
const base = `/api/app/organization/${orgId}`;
const activeId = '22222222-2222-4222-8222-222222222222';
const endedId = '33333333-3333-4333-8333-333333333333';

/** The active profile as GET /api/app/profile answers it; only the organization matters here. */
const profile = {
  id: 'profile-1',
  userId: 'user-1',
  organizationId: orgId,
  organizationPhoto: null,
  organizationName: 'Riverside Youth Soccer League',
  organizationPaymentMethodProvided: false,
  organizationContent: [],
  userAwaitingIndividualPaymentContent: [],
  backgroundCheckPaymentInfo: [],
  aptPaymentInfo: [],
  hierarchyLevelId: null,
  currentLevelId: null,
  currentLevelName: null,
  currentLevelRole: null,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.org',
  tabs: [],
  roles: [],
  levelRoles: [],
  remember: false,
  pendingReviewCount: null,
  profileContactInformationId: null,
  profileId: 'profile-1',
  profilePicture: null,
  profileLevelAccesses: [],
  profilesWithPlas: [],
  partner: null,
  yardstikOnboardingStatus: null,
};

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const sessionFixture = (over: Partial<SupportSession>): SupportSession => ({
  id: activeId,
  organizationId: orgId,
  organizationName: 'Riverside Youth Soccer League',
  profileId: '44444444-4444-4444-8444-444444444444',
  viewedName: 'Ada Admin',
  viewedUserId: '55555555-5555-4555-8555-555555555555',
  viewedRoles: ['Admin'],
  adminUserId: '66666666-6666-4666-8666-666666666666',
  adminName: 'Sam Support',
  reason: 'Ticket 4711: the dashboard shows no members',
  allowWrites: false,
  startedAt: minutesAgo(10),
  expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  endedAt: null,
  endedByOrganization: false,
  active: true,
  ...over,
});
const audit: AdminAuditEvent[] = [
  {
    id: '77777777-7777-4777-8777-777777777777',
    action: 'support_access.request',
    entityType: 'support_session',
    entityId: activeId,
    actorUserId: '66666666-6666-4666-8666-666666666666',
    data: { method: 'PUT', route: '/api/app/profile/name-last-name-dob', status: 403 },
    createdAt: minutesAgo(5),
  },
  {
    id: '88888888-8888-4888-8888-888888888888',
    action: 'support_access.started',
    entityType: 'support_session',
    entityId: activeId,
    actorUserId: '66666666-6666-4666-8666-666666666666',
    data: { reason: 'Ticket 4711: the dashboard shows no members' },
    createdAt: minutesAgo(10),
  },
];
const off = { active: false, expiresAt: null, grantedByUserId: null, grantedAt: null };
const page = <T,>(items: T[]) => ({ status: 200, body: { items, totalCount: items.length } });

function renderPage(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    'GET /api/app/profile': { status: 200, body: profile },
    [`GET ${base}/support-incident-access`]: { status: 200, body: off },
    ...routes,
  });
  renderRoutes(
    [{ path: '/organization/support-access', element: <SupportAccessPage /> }],
    '/organization/support-access',
  );
  return server;
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

// Clicks through dialogs take a while on a busy machine: a roomier timeout than the default 5 s.
describe('the organization’s support access page', { timeout: 20_000 }, () => {
  it('says when support has never opened the organization, and that incidents are off', async () => {
    renderPage({ [`GET ${base}/support-sessions`]: page([]) });
    expect(await screen.findByText(/has never opened your organization/)).toBeInTheDocument();
    expect(await screen.findByText(/Off: support never sees incident reports/)).toBeInTheDocument();
  });

  it('tells someone below administrator that the page is not theirs', async () => {
    renderPage({
      [`GET ${base}/support-sessions`]: {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Only the organization’s administrators …' } },
      },
    });
    expect(
      await screen.findByText('Only administrators at the top of the organization see its support access.'),
    ).toBeInTheDocument();
  });

  it('shows who, why, when, how long and read-only or not, and what they did on request', async () => {
    const user = userEvent.setup();
    const server = renderPage({
      [`GET ${base}/support-sessions`]: page([
        sessionFixture({}),
        sessionFixture({
          id: endedId,
          allowWrites: true,
          adminName: '',
          startedAt: minutesAgo(200),
          expiresAt: minutesAgo(170),
          endedAt: minutesAgo(188),
          endedByOrganization: true,
          active: false,
        }),
      ]),
      [`GET ${base}/support-sessions/${activeId}/audit`]: page(audit),
    });
    const cards = await screen.findAllByRole('listitem');
    const active = cards[0] as HTMLElement;
    expect(within(active).getByRole('heading', { name: 'Sam Support viewed as Ada Admin' })).toBeVisible();
    expect(active).toHaveTextContent('Active now');
    expect(active).toHaveTextContent('Ticket 4711: the dashboard shows no members');
    expect(active).toHaveTextContent('Read-only');
    expect(active).toHaveTextContent('10 minutes so far');
    const ended = cards[1] as HTMLElement;
    expect(ended).toHaveTextContent('A Touchline administrator viewed as Ada Admin');
    expect(ended).toHaveTextContent('Ended by your organization');
    expect(ended).toHaveTextContent('12 minutes of 30 minutes allowed');
    expect(ended).toHaveTextContent('Could make changes');
    expect(within(ended).queryByRole('button', { name: 'End this session now' })).toBeNull();

    expect(server.callsTo('GET', `${base}/support-sessions/${activeId}/audit`)).toHaveLength(0);
    await user.click(within(active).getByRole('button', { name: 'What they did' }));
    expect(
      await within(active).findByText('Changed (PUT) /api/app/profile/name-last-name-dob — refused (403)'),
    ).toBeVisible();
    expect(
      within(active).getByText('Started support access: “Ticket 4711: the dashboard shows no members”'),
    ).toBeVisible();
  });

  it('ends an active session only after confirmation', async () => {
    const user = userEvent.setup();
    let ended = false;
    const server = renderPage({
      [`GET ${base}/support-sessions`]: () =>
        page([
          sessionFixture(
            ended ? { active: false, endedAt: new Date().toISOString(), endedByOrganization: true } : {},
          ),
        ]),
      [`POST ${base}/support-sessions/${activeId}/end`]: () => {
        ended = true;
        return { status: 200, body: sessionFixture({ active: false, endedByOrganization: true }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'End this session now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this support session?' });
    expect(dialog).toHaveTextContent('Sam Support stops seeing your organization as Ada Admin at once');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.callsTo('POST', `${base}/support-sessions/${activeId}/end`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'End this session now' }));
    await user.click(await screen.findByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Ended by your organization')).toBeInTheDocument();
    expect(server.callsTo('POST', `${base}/support-sessions/${activeId}/end`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('lets support read incidents for the hours chosen, after confirmation, and shows a bad number', async () => {
    const user = userEvent.setup();
    let granted = false;
    const server = renderPage({
      [`GET ${base}/support-sessions`]: page([]),
      [`GET ${base}/support-incident-access`]: () => ({
        status: 200,
        body: granted
          ? {
              active: true,
              expiresAt: new Date(Date.now() + 4 * 3_600_000).toISOString(),
              grantedByUserId: null,
              grantedAt: null,
            }
          : off,
      }),
      [`PUT ${base}/support-incident-access`]: (call) => {
        const { hours } = JSON.parse(call.body ?? '{}') as { hours: number };
        if (hours > 72) return validationFailed({ field: 'hours', in: 'body', message: 'At most 72 hours' });
        granted = true;
        return { status: 200, body: off };
      },
    });
    const hours = await screen.findByLabelText(/For how many hours/);
    await user.clear(hours);
    await user.type(hours, '100');
    await user.click(screen.getByRole('button', { name: 'Let support read incidents…' }));
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('At most 72 hours')).toBeInTheDocument();

    await user.clear(hours);
    await user.type(hours, '4');
    await user.click(screen.getByRole('button', { name: 'Let support read incidents…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Let support read incidents?' });
    expect(dialog).toHaveTextContent('for the next 4 hours');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText(/Support may read \(never change\) your incidents until/),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT', `${base}/support-incident-access`).map((c) => c.body)).toEqual([
      '{"hours":100}',
      '{"hours":4}',
    ]);
    expect(screen.getByRole('button', { name: 'Turn off now' })).toBeVisible();
  });
});
