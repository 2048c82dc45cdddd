import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { PartnersPage } from './partners-page.tsx';
import { ReturnToPartnerBanner } from './return-to-partner.tsx';

const orgId = '55555555-5555-4555-8555-555555555555';
const connectionId = '66666666-6666-4666-8666-666666666666';
const levelId = '77777777-7777-4777-8777-777777777777';
const labelId = '88888888-8888-4888-8888-888888888888';
const coachLabelId = '99999999-9999-4999-8999-999999999999';
const base = `/api/app/organization/${orgId}/partners`;
const connection = {
  id: connectionId,
  providerType: 'LeagueApps',
  name: 'LeagueApps',
  logo: '/partners/leagueapps.svg',
  siteId: '10001',
  connectedAs: 'Demo league (site 10001)',
  state: 'connected',
  sandbox: true,
  sync: { lastRunAt: null, lastError: null, registrations: 3, invited: 0, unmapped: 2, withdrawn: 0 },
  createdAt: '2026-11-29T00:00:00.000Z',
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the integrations page', () => {
  it('connects the LeagueApps sandbox site, says who it is connected as, maps a program', async () => {
    let connected = false;
    const server = fakeServer({
      [`GET ${base}`]: () => ({ status: 200, body: connected ? [connection] : [] }),
      [`GET ${base}/sandbox-site`]: {
        status: 200,
        body: {
          siteId: '10001',
          clientId: 'sandbox-1',
          privateKeyPem: '-----BEGIN PRIVATE KEY-----x-----END PRIVATE KEY-----',
        },
      },
      [`POST ${base}`]: () => {
        connected = true;
        return { status: 201, body: connection };
      },
      [`GET ${base}/${connectionId}/programs`]: {
        status: 200,
        body: [
          {
            programId: '7001',
            name: 'U12 Spring',
            registrations: 2,
            mapping: null,
            roles: [
              { role: 'COACH', registrations: 1, labelId: null, labelName: null },
              { role: 'PLAYER', registrations: 1, labelId: null, labelName: null },
            ],
          },
        ],
      },
      [`GET ${base}/mapping-targets`]: {
        status: 200,
        body: {
          levels: [{ id: levelId, name: 'U12', depth: 1 }],
          labels: [
            { id: labelId, name: 'Player' },
            { id: coachLabelId, name: 'Coach' },
          ],
        },
      },
      [`PUT ${base}/${connectionId}/mappings/7001`]: {
        status: 200,
        body: {
          programId: '7001',
          name: 'U12 Spring',
          registrations: 2,
          mapping: { hierarchyLevelId: levelId, labelId, levelName: 'U12', labelName: 'Player' },
          roles: [
            { role: 'COACH', registrations: 1, labelId: coachLabelId, labelName: 'Coach' },
            { role: 'PLAYER', registrations: 1, labelId: null, labelName: null },
          ],
        },
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderRoutes([{ path: '/', element: <PartnersPage organizationId={orgId} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Use the LeagueApps sandbox site' }));
    expect(screen.getByRole('textbox', { name: 'LeagueApps site id' })).toHaveValue('10001');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and test' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'LeagueApps connected as Demo league (site 10001)',
    );
    expect(JSON.parse(String(server.callsTo('POST', base)[0]!.body))).toEqual({
      providerType: 'LeagueApps',
      siteId: '10001',
      clientId: 'sandbox-1',
      privateKeyPem: '-----BEGIN PRIVATE KEY-----x-----END PRIVATE KEY-----',
    });
    expect(await screen.findByText(/LeagueApps — sandbox/)).toBeVisible();
    // LeagueApps is connected: the form offers a partner left (Amilia next).
    expect(screen.getByRole('textbox', { name: 'Amilia organization identifier' })).toBeVisible();
    expect(screen.getByTestId('partner-sync-state')).toHaveTextContent('2 waiting for a mapping');
    await userEvent.click(screen.getByRole('button', { name: 'Map programs' }));
    expect(await screen.findByText('Not mapped: its 2 registrations wait')).toBeVisible();
    // Each registration role lands as the program's role unless given its own: coaches as Coach.
    const coaches = screen.getByRole('combobox', { name: 'Coach registrations (1)' });
    expect(coaches).toHaveDisplayValue('The program’s role (Player)');
    await userEvent.selectOptions(coaches, 'Coach');
    await userEvent.click(screen.getByRole('button', { name: 'Map U12 Spring' }));
    expect(
      JSON.parse(String(server.callsTo('PUT', `${base}/${connectionId}/mappings/7001`)[0]!.body)),
    ).toEqual({
      hierarchyLevelId: levelId,
      labelId,
      roleLabels: { COACH: coachLabelId, PLAYER: null },
    });
    expect(await screen.findByText('U12 Spring is mapped. What arrives next lands there.')).toBeVisible();
  });

  it('connects the Amilia sandbox organization with its key and webhook secret, showing the webhook address', async () => {
    const amiliaConnection = {
      ...connection,
      providerType: 'Amilia',
      name: 'Amilia',
      logo: '/partners/amilia.svg',
      siteId: 'demo-league',
      connectedAs: 'Demo league (demo-league)',
    };
    const server = fakeServer({
      [`GET ${base}`]: { status: 200, body: [] },
      [`GET ${base}/sandbox-site`]: { status: 404 },
      [`GET ${base}/amilia-sandbox-organization`]: {
        status: 200,
        body: {
          siteId: 'demo-league',
          apiKey: 'ak_1',
          apiSecret: 's3cret',
          webhookSecret: 'whsec_0123456789abcdef',
        },
      },
      [`POST ${base}`]: { status: 201, body: amiliaConnection },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderRoutes([{ path: '/', element: <PartnersPage organizationId={orgId} /> }], '/');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Partner' }), 'Amilia');
    expect(screen.getByText(`${window.location.origin}/api/webhooks/amilia/${orgId}`)).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Use the Amilia sandbox organization' }));
    expect(screen.getByRole('textbox', { name: 'Amilia organization identifier' })).toHaveValue(
      'demo-league',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Connect and test' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Amilia connected as Demo league (demo-league)',
    );
    expect(JSON.parse(String(server.callsTo('POST', base)[0]!.body))).toEqual({
      providerType: 'Amilia',
      siteId: 'demo-league',
      apiKey: 'ak_1',
      apiSecret: 's3cret',
      webhookSecret: 'whsec_0123456789abcdef',
    });
  });

  it('shows a refused connection test as the server words it', async () => {
    const server = fakeServer({
      [`GET ${base}`]: { status: 200, body: [] },
      [`POST ${base}`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'LeagueApps refused the service account (check the client id and key)',
            validationErrors: [],
          },
        },
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderRoutes([{ path: '/', element: <PartnersPage organizationId={orgId} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect and test' }));
    expect(await screen.findByText(/LeagueApps refused the service account/)).toBeVisible();
  });
});

describe('Return to the partner', () => {
  it('leads back to the partner a membership came from, and shows nothing without one', async () => {
    const server = fakeServer({
      'GET /api/app/profile/partner-from-current-profile': {
        status: 200,
        body: {
          id: connectionId,
          providerType: 'LeagueApps',
          name: 'LeagueApps',
          logo: '/partners/leagueapps.svg',
          returnUrl: 'https://manager.leagueapps.com/console/sites/10001',
          sandbox: false,
          profileLevelAccessId: null,
        },
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderRoutes([{ path: '/', element: <ReturnToPartnerBanner /> }], '/');
    const link = await screen.findByRole('link', { name: 'Return to LeagueApps' });
    expect(link).toHaveAttribute('href', 'https://manager.leagueapps.com/console/sites/10001');
  });

  it('shows nothing when the member came from no partner (204)', async () => {
    const server = fakeServer({ 'GET /api/app/profile/partner-from-current-profile': { status: 204 } });
    vi.stubGlobal('fetch', server.fetch);
    renderRoutes([{ path: '/', element: <ReturnToPartnerBanner /> }], '/');
    await vi.waitFor(() =>
      expect(server.callsTo('GET', '/api/app/profile/partner-from-current-profile')).toHaveLength(1),
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
