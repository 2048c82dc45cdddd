import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location.ts';
import { session } from '../../../lib/session.ts';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { PartnerLinks } from './partner-links.tsx';
import { PartnerSignInPage } from './partner-sign-in-page.tsx';

const requestId = '11111111-1111-4111-8111-111111111111';
const linkId = '22222222-2222-4222-8222-222222222222';
const pending = {
  requestId,
  partner: {
    providerType: 'LeagueApps',
    name: 'LeagueApps',
    clientName: 'LeagueApps sandbox',
    logo: '/partners/leagueapps.svg',
    sandbox: true,
  },
  partnerMemberId: '9001',
  member: {
    firstName: 'Riley',
    lastName: 'Sandbox',
    profileLevelAccessId: '33333333-3333-4333-8333-333333333333',
    relation: 'self',
  },
  scopes: ['openid', 'profile'],
  alreadyLinked: false,
  expiresAt: '2026-11-29T09:00:00.000Z',
};
function serve(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const page = (path = `/partner-sign-in?request=${requestId}`) =>
  renderRoutes([{ path: '/partner-sign-in', element: <PartnerSignInPage /> }], path);

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('partner sign-in (issue 31)', () => {
  it('shows who asks and for which membership, and sends the browser back to the partner on allow', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const server = serve({
      [`GET /api/app/partner-sign-in/${requestId}`]: { status: 200, body: pending },
      [`POST /api/app/partner-sign-in/${requestId}/approve`]: {
        status: 200,
        body: { redirectUrl: 'https://partner.test/callback?code=abc&state=xyz' },
      },
    });
    page();
    expect(await screen.findByText('LeagueApps (sandbox) asks to sign you in')).toBeInTheDocument();
    expect(screen.getByText(/says you are its member 9001: Riley Sandbox/)).toBeInTheDocument();
    expect(screen.getByText('your name')).toBeInTheDocument();
    expect(server.callsTo('POST', `/api/app/partner-sign-in/${requestId}/approve`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Allow and continue' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://partner.test/callback?code=abc&state=xyz'),
    );
  });

  it('says so when the request is gone (expired, answered, another organization’s)', async () => {
    serve({
      [`GET /api/app/partner-sign-in/${requestId}`]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'Partner sign-in request not found' } },
      },
    });
    page();
    expect(
      await screen.findByText(/Partner sign-in request not found\. It may have expired/),
    ).toBeInTheDocument();
  });

  it('lists the linked partners and unlinks only after confirming', async () => {
    const server = serve({
      'GET /api/app/partner-links': {
        status: 200,
        body: [
          {
            id: linkId,
            providerType: 'LeagueApps',
            partnerName: 'LeagueApps',
            partnerMemberId: '9001',
            memberName: 'Riley Sandbox',
            linkedAt: '2026-11-29T08:00:00.000Z',
          },
        ],
      },
      [`DELETE /api/app/partner-links/${linkId}`]: { status: 204 },
    });
    renderRoutes([{ path: '/', element: <PartnerLinks /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink LeagueApps' }));
    expect(server.callsTo('DELETE', `/api/app/partner-links/${linkId}`)).toHaveLength(0);
    const dialog = screen.getByRole('alertdialog', { name: 'Unlink LeagueApps?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await vi.waitFor(() =>
      expect(server.callsTo('DELETE', `/api/app/partner-links/${linkId}`)).toHaveLength(1),
    );
  });

  it('tells a guardian the membership is their child’s, whose details they check afterwards', async () => {
    serve({
      [`GET /api/app/partner-sign-in/${requestId}`]: {
        status: 200,
        body: { ...pending, member: { ...pending.member, relation: 'child' } },
      },
    });
    page();
    expect(
      await screen.findByText(/the parent or guardian of its member 9001: your child Riley Sandbox/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Afterwards you can check Riley’s details, filled in from what LeagueApps knows.'),
    ).toBeInTheDocument();
  });
});
