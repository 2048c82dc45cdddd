import { createYardstikSandbox, type YardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { sandboxPackages } from '@touchline/sandbox/yardstik/yardstik-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';

let sandbox: YardstikSandbox;
let integrations: Integrations;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let member: TestMember;
let otherAdmin: TestMember;
const base = '/api/app/organization';
const get = (who: TestMember | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

beforeAll(async () => {
  sandbox = createYardstikSandbox({ apiKey: 'sandbox-api-key', webhookSecret: 's' });
  const apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    { yardstik: { apiUrl, apiKey: 'sandbox-api-key', webhookSecret: 's', sandbox: true } },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  manager = await addTestMember(t, org, org.division, 'Manager');
  member = await addTestMember(t, org, org.team, 'member');
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

const expectedProducts = sandboxPackages.map((p) => ({
  id: p.id,
  name: p.name,
  searches: p.screenings.map((s) => s.label),
  kind: p.action_type,
}));

describe('organization background-check setup', () => {
  it('GET background-check-agencies: 401, 403 below admin, 200 names the sandbox', async () => {
    const url = `${base}/background-check-agencies`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(member, url)).statusCode).toBe(403);
    expect((await get(manager, url)).statusCode).toBe(403);
    const res = await get(admin, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 'yardstik', name: 'Yardstik', vendorKind: 'Yardstik', sandbox: true },
      { id: 'generic', name: 'Your own vendor (Generic)', vendorKind: 'Generic', sandbox: false },
    ]);
  });

  it('GET {id}/background-check-products/{clientId}: 401, 404 other organization or client, 403, 400, 200 the account packages', async () => {
    const url = (id: string, client = 'account') => `${base}/${id}/background-check-products/${client}`;
    expect((await get(null, url(org.id))).statusCode).toBe(401);
    expect((await get(otherAdmin, url(org.id))).statusCode).toBe(404);
    expect((await get(admin, url(other.id))).statusCode).toBe(404);
    expect((await get(admin, url(org.id, 'someone-else'))).statusCode).toBe(404);
    expect((await get(manager, url(org.id))).statusCode).toBe(403);
    expect((await get(admin, url('not-a-uuid'))).statusCode).toBe(400);
    const res = await get(admin, url(org.id));
    expect([res.statusCode, res.json()]).toEqual([200, expectedProducts]);
  });

  it('GET preview-background-check-products/{agency}/{client}: 401, 403, 400, 404 unknown agency, 200', async () => {
    const url = (agency: string, client = 'account') =>
      `${base}/preview-background-check-products/${agency}/${client}`;
    expect((await get(null, url('yardstik'))).statusCode).toBe(401);
    expect((await get(member, url('yardstik'))).statusCode).toBe(403);
    expect((await get(admin, url('Bad Agency!'))).statusCode).toBe(400);
    expect((await get(admin, url('tazworks'))).statusCode).toBe(404);
    const res = await get(admin, url('yardstik'));
    expect([res.statusCode, res.json()]).toEqual([200, expectedProducts]);
  });

  it('GET available-background-check-clients/{agency}: 401, 403, 400, 404 unknown agency, 200 the account', async () => {
    const url = (agency: string) => `${base}/available-background-check-clients/${agency}`;
    expect((await get(null, url('yardstik'))).statusCode).toBe(401);
    expect((await get(manager, url('yardstik'))).statusCode).toBe(403);
    expect((await get(admin, url('Nope!'))).statusCode).toBe(400);
    expect((await get(admin, url('tazworks'))).statusCode).toBe(404);
    const res = await get(admin, url('yardstik'));
    expect([res.statusCode, res.json()]).toEqual([
      200,
      [{ id: 'account', agencyId: 'yardstik', name: 'Yardstik sandbox account' }],
    ]);
    expect((await get(admin, url('generic'))).json()).toEqual([]);
  });

  it('POST {id}/background-check-client and GET {id}/background-check-clients: the matrix, once per client', async () => {
    const add = (who: TestMember | null, id: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/${id}/background-check-client`,
        headers: who ? who.auth : {},
        payload,
      });
    const body = { agencyId: 'yardstik', clientId: 'account' };
    expect((await add(null, org.id, body)).statusCode).toBe(401);
    expect((await add(otherAdmin, org.id, body)).statusCode).toBe(404);
    expect((await add(manager, org.id, body)).statusCode).toBe(403);
    const bad = await add(admin, org.id, { agencyId: 'yardstik', clientId: 'someone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors.map((e: { field: string }) => e.field)).toEqual(['clientId']);
    expect((await add(admin, org.id, { agencyId: '' })).statusCode).toBe(400);
    const added = await add(admin, org.id, body);
    expect([added.statusCode, added.json()]).toEqual([
      201,
      { id: 'account', agencyId: 'yardstik', name: 'Yardstik sandbox account' },
    ]);
    expect((await add(admin, org.id, body)).statusCode).toBe(409);
    const listUrl = (id: string) => `${base}/${id}/background-check-clients`;
    expect((await get(null, listUrl(org.id))).statusCode).toBe(401);
    expect((await get(otherAdmin, listUrl(org.id))).statusCode).toBe(404);
    expect((await get(member, listUrl(org.id))).statusCode).toBe(403);
    expect((await get(admin, listUrl('x'))).statusCode).toBe(400);
    expect((await get(admin, listUrl(org.id))).json()).toEqual([added.json()]);
    expect((await get(otherAdmin, listUrl(other.id))).json()).toEqual([]);
  });
});
