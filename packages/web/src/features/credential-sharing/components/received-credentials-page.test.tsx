import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedCredentialRow } from '@touchline/contracts/credential-sharing';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { ReceivedCredentialsPage } from './received-credentials-page.tsx';

const orgId = '11111111-1111-4111-8111-111111111111';
const listPath = `/api/app/received-credentials/${orgId}`;

/** The active profile as GET /api/app/profile answers it; only the organization matters here. */
const profile = {
  id: 'profile-1',
  userId: 'user-1',
  organizationId: orgId,
  organizationPhoto: null,
  organizationName: 'Hillcrest United',
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
  pendingReviewCount: 0,
  profileContactInformationId: null,
  profileId: 'profile-1',
  profilePicture: null,
  profileLevelAccesses: [],
  profilesWithPlas: [],
  partner: null,
  yardstikOnboardingStatus: null,
};

const row = (n: number, over: Partial<ReceivedCredentialRow> = {}): ReceivedCredentialRow => ({
  id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
  profileId: '44444444-4444-4444-8444-444444444444',
  memberName: `Member ${n}`,
  requirementType: 7,
  requirementName: 'Age verification',
  sourceOrganizationName: 'Riverside Youth Soccer',
  state: 'Active',
  completedOn: '2026-11-19',
  validUntil: '2027-11-18',
  receivedAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
  ...over,
});

const show = () =>
  renderRoutes(
    [{ path: '/received-credentials', element: <ReceivedCredentialsPage /> }],
    '/received-credentials',
  );

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the received credentials page', () => {
  it('lists who shared what from where, its state and days, and pages through them', async () => {
    const server = serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET ${listPath}`]: (call) => {
        const page = Number(new URL(call.path, 'http://x').searchParams.get('page'));
        return {
          status: 200,
          body: {
            totalCount: 27,
            items:
              page === 1
                ? [
                    row(1),
                    row(2, { state: 'Withdrawn', revokedAt: '2026-11-25T09:00:00.000Z' }),
                    row(3, { state: 'Lapsed', revokedAt: '2026-11-26T09:00:00.000Z' }),
                    row(4, { state: 'Expired', validUntil: '2026-11-01', requirementName: 'Coach license' }),
                  ]
                : [row(26, { memberName: 'Last member' })],
          },
        };
      },
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Received credentials', level: 1 })).toBeVisible();
    expect(await screen.findByRole('heading', { name: '27 credentials' })).toBeVisible();
    const first = screen.getByText('Member 1 · Age verification').closest('li');
    if (!first) throw new Error('no row');
    expect(within(first).getByText('Active')).toBeVisible();
    expect(within(first).getByText('Riverside Youth Soccer')).toBeVisible();
    expect(within(first).getByText('Valid until')).toBeVisible();
    expect(screen.getByText('Stopped by the member')).toBeVisible();
    expect(screen.getByText('No longer valid where it was issued')).toBeVisible();
    expect(screen.getByText('Expired')).toBeVisible();
    expect(screen.getAllByText('Stopped on')).toHaveLength(2);
    expect(server.callsTo('GET', listPath)[0]?.path).toContain('page=1&perPage=25');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Last member · Age verification')).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
  });

  it('shows a loading state, then says so when nothing was shared', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET ${listPath}`]: { status: 200, body: { items: [], totalCount: 0 } },
    });
    show();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(
      await screen.findByText(/No member has shared a credential with your organization yet/),
    ).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pages of received credentials' })).toBeNull();
  });

  it('explains a refusal, and offers to try again after a failure', async () => {
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: { error: { code: 'forbidden', message: 'No' } },
    };
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET ${listPath}`]: () => answer,
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only directors and administrators see the credentials shared with the organization.',
    );
    answer = { status: 200, body: { items: [row(1)], totalCount: 1 } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Member 1 · Age verification')).toBeVisible();
  });
});
