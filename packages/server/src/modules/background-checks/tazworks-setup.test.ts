import { createTazworksSandbox, type TazworksSandbox } from '@touchline/sandbox/tazworks/tazworks-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';

let sandbox: TazworksSandbox;
let integrations: Integrations;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
const clientGuid = '7d3f9a10-2b4c-4e5f-8a9b-0c1d2e3f4a5b';
const base = '/api/app/organization';
const call = (who: TestMember | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  sandbox = createTazworksSandbox({ token: 'sandbox-token', clientGuid, clientName: 'Demo league' });
  const apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    { yardstik: undefined, tazworks: { apiUrl, token: 'sandbox-token', agencyName: 'JDP', sandbox: true } },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  manager = await addTestMember(t, org, org.division, 'Manager');
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

const sandboxProducts = () =>
  (sandbox.store.products.get(clientGuid) ?? [])
    .filter((p) => p.usesQuickapp)
    .map((p) => ({ id: p.clientProductGuid, name: p.productName, searches: [], kind: 'report' }));

describe('a TazWorks-platform agency in the organization setup', () => {
  it('is listed as an agency and named a sandbox', async () => {
    const res = await call(admin, 'GET', `${base}/background-check-agencies`);
    expect(res.json()).toEqual([
      { id: 'tazworks', name: 'JDP', vendorKind: 'TazWorks', sandbox: true },
      { id: 'generic', name: 'Your own vendor (Generic)', vendorKind: 'Generic', sandbox: false },
    ]);
  });

  it('GET available-background-check-clients/tazworks: 401, 403, 200 the agency’s clients', async () => {
    const url = `${base}/available-background-check-clients/tazworks`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(manager, 'GET', url)).statusCode).toBe(403);
    const res = await call(admin, 'GET', url);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      [{ id: clientGuid, agencyId: 'tazworks', name: 'Demo league' }],
    ]);
  });

  it('GET preview-background-check-products/tazworks/{client}: 404 unknown client, 200 its QuickApp products', async () => {
    const url = (client: string) => `${base}/preview-background-check-products/tazworks/${client}`;
    expect((await call(admin, 'GET', url('0000-unknown'))).statusCode).toBe(404);
    const res = await call(admin, 'GET', url(clientGuid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sandboxProducts());
    expect(res.json().length).toBeGreaterThan(0);
  });

  it('POST {id}/background-check-client then GET {id}/background-check-products/{client}: 404 other organization, 403, 400, 201, 200', async () => {
    const body = { agencyId: 'tazworks', clientId: clientGuid };
    expect(
      (await call(otherAdmin, 'POST', `${base}/${org.id}/background-check-client`, body)).statusCode,
    ).toBe(404);
    expect((await call(manager, 'POST', `${base}/${org.id}/background-check-client`, body)).statusCode).toBe(
      403,
    );
    const bad = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, {
      agencyId: 'tazworks',
      clientId: 'not-a-client',
    });
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'clientId']);
    const added = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, body);
    expect([added.statusCode, added.json()]).toEqual([
      201,
      { id: clientGuid, agencyId: 'tazworks', name: 'Demo league' },
    ]);
    const products = await call(admin, 'GET', `${base}/${org.id}/background-check-products/${clientGuid}`);
    expect([products.statusCode, products.json()]).toEqual([200, sandboxProducts()]);
    expect(
      (await call(otherAdmin, 'GET', `${base}/${org.id}/background-check-products/${clientGuid}`)).statusCode,
    ).toBe(404);
  });
});
