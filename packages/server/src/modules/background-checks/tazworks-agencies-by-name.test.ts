import { createTazworksSandbox, type TazworksSandbox } from '@touchline/sandbox/tazworks/tazworks-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  grantAgencyClient,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';

// Issue 31: JDP, NCSI and ScoutLogic each offered by name as an agency of kind TazWorks, each configured on its own
// (base URL, token), one sandbox serving all three by their tokens (ADR 041).

const guids = {
  jdp: '11111111-2b4c-4e5f-8a9b-0c1d2e3f4a5b',
  ncsi: '22222222-2b4c-4e5f-8a9b-0c1d2e3f4a5b',
  scoutlogic: '33333333-2b4c-4e5f-8a9b-0c1d2e3f4a5b',
} as const;
const quiet = { info() {}, warn() {} };

let sandbox: TazworksSandbox;
let apiUrl = '';
let integrations: Integrations;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
const base = '/api/app/organization';
const call = (
  who: { auth: Record<string, string> } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  sandbox = createTazworksSandbox({
    token: 'unused-token',
    agencies: [
      { name: 'JDP', token: 'jdp-token-1', clientGuid: guids.jdp, clientName: 'League at JDP' },
      { name: 'NCSI', token: 'ncsi-token-1', clientGuid: guids.ncsi, clientName: 'League at NCSI' },
      {
        name: 'ScoutLogic',
        token: 'scout-token-1',
        clientGuid: guids.scoutlogic,
        clientName: 'League at ScoutLogic',
      },
    ],
  });
  apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    {
      yardstik: undefined,
      tazworks: [
        { id: 'jdp', apiUrl, token: 'jdp-token-1', sandbox: true },
        { id: 'ncsi', apiUrl, token: 'ncsi-token-1', sandbox: true },
        { id: 'scoutlogic', apiUrl, token: 'scout-token-1', sandbox: true },
      ],
    },
    quiet,
  );
  t = await createTestApp({}, { integrations });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  manager = await addTestMember(t, org, org.division, 'Manager');
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
  await grantAgencyClient(t, org.id, guids.ncsi, 'ncsi');
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

describe('the TazWorks-platform agencies by name', () => {
  it('GET background-check-agencies: 401, 403, and JDP, NCSI, ScoutLogic each of kind TazWorks, named sandboxes', async () => {
    const url = `${base}/background-check-agencies`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(manager, 'GET', url)).statusCode).toBe(403);
    const res = await call(admin, 'GET', url);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      [
        { id: 'jdp', name: 'JDP', vendorKind: 'TazWorks', sandbox: true },
        { id: 'ncsi', name: 'NCSI', vendorKind: 'TazWorks', sandbox: true },
        { id: 'scoutlogic', name: 'ScoutLogic', vendorKind: 'TazWorks', sandbox: true },
        { id: 'generic', name: 'Your own vendor (Generic)', vendorKind: 'Generic', sandbox: false },
      ],
    ]);
    expect(JSON.stringify(res.json())).not.toContain('TazWorks agency');
  });

  it('offers only the agencies configured', () => {
    const one = buildIntegrations(
      { yardstik: undefined, tazworks: [{ id: 'scoutlogic', apiUrl, token: 'scout-token-1' }] },
      quiet,
    );
    expect(one.tazworks?.agencies.map((a) => [a.id, a.agencyName, a.sandbox])).toEqual([
      ['scoutlogic', 'ScoutLogic', false],
    ]);
    expect(one.tazworks?.agency('jdp')).toBeUndefined();
    return one.close();
  });

  it('each agency lists only its own clients, and a client is added under its own agency only', async () => {
    const ncsi = await call(admin, 'GET', `${base}/available-background-check-clients/ncsi`);
    expect([ncsi.statusCode, ncsi.json()]).toEqual([
      200,
      [{ id: guids.ncsi, agencyId: 'ncsi', name: 'League at NCSI' }],
    ]);
    // JDP's client exists but is granted to nobody; NCSI's is not JDP's at all.
    expect((await call(admin, 'GET', `${base}/available-background-check-clients/jdp`)).json()).toEqual([]);
    expect((await call(admin, 'GET', `${base}/available-background-check-clients/tazworks`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(admin, 'GET', `${base}/preview-background-check-products/jdp/${guids.ncsi}`)).statusCode,
    ).toBe(404);
    const preview = await call(admin, 'GET', `${base}/preview-background-check-products/ncsi/${guids.ncsi}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().length).toBeGreaterThan(0);
    const wrongAgency = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, {
      agencyId: 'jdp',
      clientId: guids.ncsi,
    });
    expect(wrongAgency.statusCode).toBe(404);
    const foreign = await call(otherAdmin, 'POST', `${base}/${org.id}/background-check-client`, {
      agencyId: 'ncsi',
      clientId: guids.ncsi,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, {
      agencyId: 'NCSI!',
      clientId: guids.ncsi,
    });
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'agencyId']);
    const added = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, {
      agencyId: 'ncsi',
      clientId: guids.ncsi,
    });
    expect([added.statusCode, added.json()]).toEqual([
      201,
      { id: guids.ncsi, agencyId: 'ncsi', name: 'League at NCSI' },
    ]);
    const products = await call(admin, 'GET', `${base}/${org.id}/background-check-products/${guids.ncsi}`);
    expect([products.statusCode, products.json()]).toEqual([200, preview.json()]);
  });

  it('a platform grant names the agency the client is at: another agency’s name is refused', async () => {
    const platform = await grantAgencyClient(t, other.id, guids.scoutlogic, 'scoutlogic');
    const url = '/api/app/integrations/background-check-client-grants';
    const wrong = await call(platform, 'POST', url, {
      agencyId: 'jdp',
      clientId: guids.scoutlogic,
      organizationId: other.id,
    });
    expect([wrong.statusCode, wrong.json().error.validationErrors[0].field]).toEqual([400, 'clientId']);
    const list = await call(platform, 'GET', url);
    expect(list.json().map((g: { agencyId: string; clientId: string }) => [g.agencyId, g.clientId])).toEqual([
      ['jdp', guids.jdp],
      ['ncsi', guids.ncsi],
      ['scoutlogic', guids.scoutlogic],
    ]);
  });

  it('an order stored by client GUID alone is placed at the agency holding that client', async () => {
    // A fresh wiring (as after a restart): nothing cached about which agency holds which client.
    const fresh = buildIntegrations(
      {
        yardstik: undefined,
        tazworks: [
          { id: 'jdp', apiUrl, token: 'jdp-token-1' },
          { id: 'scoutlogic', apiUrl, token: 'scout-token-1' },
        ],
      },
      quiet,
    );
    try {
      const port = fresh.tazworks!.portFor(guids.scoutlogic);
      const [product] = await port.listPackages({});
      const { candidateId } = await port.ensureCandidate(
        { externalId: 'pla-1', firstName: 'Sam', lastName: 'Reed', email: 'sam@example.org' },
        {},
      );
      const report = await port.orderReport(
        { externalId: 'order-1', candidateId, packageId: product!.id },
        {},
      );
      const placed = [...sandbox.store.orders.values()].find((o) => o.externalIdentifier === 'order-1');
      expect(placed?.clientGuid).toBe(guids.scoutlogic);
      expect((await port.getReport(report.id, {})).id).toBe(report.id);
      // A client no configured agency holds (NCSI's, NCSI not configured here) is refused, never guessed.
      await expect(fresh.tazworks!.portFor(guids.ncsi).listPackages({})).rejects.toThrow(/No configured/);
    } finally {
      await fresh.close();
    }
  });
});

describe('configuration: each agency its own base URL and token', () => {
  it('reads JDP_*, NCSI_*, SCOUTLOGIC_* and refuses half an agency', () => {
    expect(loadConfig({}).tazworks).toBeUndefined();
    expect(
      loadConfig({
        NCSI_API_URL: 'https://ncsi.example.org',
        NCSI_TOKEN: 'ncsi-token-1',
        SCOUTLOGIC_API_URL: 'https://scout.example.org',
        SCOUTLOGIC_TOKEN: 'scout-token-1',
      }).tazworks,
    ).toEqual([
      { id: 'ncsi', apiUrl: 'https://ncsi.example.org', token: 'ncsi-token-1' },
      { id: 'scoutlogic', apiUrl: 'https://scout.example.org', token: 'scout-token-1' },
    ]);
    expect(() => loadConfig({ JDP_API_URL: 'https://jdp.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ JDP_API_URL: 'https://jdp.example.org' })).toThrow(
      'JDP_API_URL and JDP_TOKEN go together',
    );
  });
});
