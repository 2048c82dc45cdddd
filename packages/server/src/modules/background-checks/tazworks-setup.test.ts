import { createTazworksSandbox, type TazworksSandbox } from '@touchline/sandbox/tazworks/tazworks-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  grantAgencyClient,
  tazworksContent,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';

let sandbox: TazworksSandbox;
let integrations: Integrations;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
let platformAdmin: { auth: Record<string, string> };
const clientGuid = '7d3f9a10-2b4c-4e5f-8a9b-0c1d2e3f4a5b';
const base = '/api/app/organization';
const call = (
  who: { auth: Record<string, string> } | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  sandbox = createTazworksSandbox({ token: 'sandbox-token', clientGuid, clientName: 'Demo league' });
  const apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    { yardstik: undefined, tazworks: [{ id: 'jdp', apiUrl, token: 'sandbox-token', sandbox: true }] },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  manager = await addTestMember(t, org, org.division, 'Manager');
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
  // The agency's client belongs to `org` (issue 34): granted by a platform administrator.
  platformAdmin = await grantAgencyClient(t, org.id, clientGuid);
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
      { id: 'jdp', name: 'JDP', vendorKind: 'TazWorks', sandbox: true },
      { id: 'generic', name: 'Your own vendor (Generic)', vendorKind: 'Generic', sandbox: false },
    ]);
  });

  it('GET available-background-check-clients/jdp: 401, 403, 200 the agency’s clients', async () => {
    const url = `${base}/available-background-check-clients/jdp`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(manager, 'GET', url)).statusCode).toBe(403);
    const res = await call(admin, 'GET', url);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      [{ id: clientGuid, agencyId: 'jdp', name: 'Demo league' }],
    ]);
  });

  it('GET preview-background-check-products/jdp/{client}: 404 unknown client, 200 its QuickApp products', async () => {
    const url = (client: string) => `${base}/preview-background-check-products/jdp/${client}`;
    expect((await call(admin, 'GET', url('0000-unknown'))).statusCode).toBe(404);
    const res = await call(admin, 'GET', url(clientGuid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sandboxProducts());
    expect(res.json().length).toBeGreaterThan(0);
  });

  it('POST {id}/background-check-client then GET {id}/background-check-products/{client}: 404 other organization, 403, 400, 201, 200', async () => {
    const body = { agencyId: 'jdp', clientId: clientGuid };
    expect(
      (await call(otherAdmin, 'POST', `${base}/${org.id}/background-check-client`, body)).statusCode,
    ).toBe(404);
    expect((await call(manager, 'POST', `${base}/${org.id}/background-check-client`, body)).statusCode).toBe(
      403,
    );
    const bad = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, {
      agencyId: 'jdp',
      clientId: 'Not a client!',
    });
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'clientId']);
    const unknown = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, {
      agencyId: 'jdp',
      clientId: 'not-a-client',
    });
    expect(unknown.statusCode).toBe(404);
    const added = await call(admin, 'POST', `${base}/${org.id}/background-check-client`, body);
    expect([added.statusCode, added.json()]).toEqual([
      201,
      { id: clientGuid, agencyId: 'jdp', name: 'Demo league' },
    ]);
    const products = await call(admin, 'GET', `${base}/${org.id}/background-check-products/${clientGuid}`);
    expect([products.statusCode, products.json()]).toEqual([200, sandboxProducts()]);
    expect(
      (await call(otherAdmin, 'GET', `${base}/${org.id}/background-check-products/${clientGuid}`)).statusCode,
    ).toBe(404);
  });
});

describe('an agency client belongs to one organization (issue 34)', () => {
  const foreign = { agencyId: 'jdp', clientId: clientGuid };

  it('another organization neither sees, previews, adds, reads nor defines on it: 404 everywhere', async () => {
    const listed = await call(otherAdmin, 'GET', `${base}/available-background-check-clients/jdp`);
    expect([listed.statusCode, listed.json()]).toEqual([200, []]);
    expect(
      (await call(otherAdmin, 'GET', `${base}/preview-background-check-products/jdp/${clientGuid}`))
        .statusCode,
    ).toBe(404);
    const added = await call(otherAdmin, 'POST', `${base}/${other.id}/background-check-client`, foreign);
    expect([added.statusCode, added.json().error.message]).toEqual([
      404,
      'Background check client not found',
    ]);
    expect((await call(otherAdmin, 'GET', `${base}/${other.id}/background-check-clients`)).json()).toEqual(
      [],
    );
    expect(
      (await call(otherAdmin, 'GET', `${base}/${other.id}/background-check-products/${clientGuid}`))
        .statusCode,
    ).toBe(404);
    const [product] = sandboxProducts();
    const definition = {
      base: { name: 'Background check on another’s client', instructions: 'Run it', isOptional: false },
      content: tazworksContent(clientGuid, product!),
    };
    const defined = await call(
      otherAdmin,
      'POST',
      `/api/app/content/content-background-check/${other.id}`,
      definition,
    );
    expect([defined.statusCode, defined.json().error.message]).toEqual([
      404,
      'Background check client not found',
    ]);
    // The owner may define on it.
    const own = await call(admin, 'POST', `/api/app/content/content-background-check/${org.id}`, definition);
    expect(own.statusCode).toBe(201);
  });

  it('grants: 401, 403 to an organization admin, 400, 404 unknown organization, 409 held by another, 201, list, withdraw', async () => {
    const url = '/api/app/integrations/background-check-client-grants';
    const body = { ...foreign, organizationId: other.id };
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(admin, 'GET', url)).statusCode).toBe(403);
    expect((await call(admin, 'POST', url, body)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `${url}/jdp/${clientGuid}`)).statusCode).toBe(403);
    const bad = await call(platformAdmin, 'POST', url, { ...body, clientId: 'not-a-client' });
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'clientId']);
    const badOrg = await call(platformAdmin, 'POST', url, { ...body, organizationId: 'x' });
    expect([badOrg.statusCode, badOrg.json().error.validationErrors[0].field]).toEqual([
      400,
      'organizationId',
    ]);
    const noOrg = await call(platformAdmin, 'POST', url, {
      ...body,
      organizationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noOrg.statusCode).toBe(404);
    expect((await call(platformAdmin, 'POST', url, body)).statusCode).toBe(409);
    const list = await call(platformAdmin, 'GET', url);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        agencyId: 'jdp',
        clientId: clientGuid,
        name: 'Demo league',
        organizationId: org.id,
      }),
    ]);

    // Withdrawn: the owner's use of it ends, and it may be granted to the other organization.
    expect((await call(platformAdmin, 'DELETE', `${url}/jdp/${clientGuid}`)).statusCode).toBe(204);
    expect((await call(platformAdmin, 'DELETE', `${url}/jdp/${clientGuid}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${base}/${org.id}/background-check-clients`)).json()).toEqual([]);
    expect(
      (await call(admin, 'GET', `${base}/${org.id}/background-check-products/${clientGuid}`)).statusCode,
    ).toBe(404);
    const regranted = await call(platformAdmin, 'POST', url, body);
    expect([regranted.statusCode, regranted.json().organizationId]).toEqual([201, other.id]);
    const listed = await call(otherAdmin, 'GET', `${base}/available-background-check-clients/jdp`);
    expect(listed.json()).toEqual([{ id: clientGuid, agencyId: 'jdp', name: 'Demo league' }]);
    const trail = await t.database.db
      .select({ organizationId: auditEvents.organizationId, action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'background_check_client'));
    expect(trail).toEqual(
      expect.arrayContaining([
        { organizationId: org.id, action: 'background-check-client.granted' },
        { organizationId: org.id, action: 'background-check-client.withdrawn' },
        { organizationId: other.id, action: 'background-check-client.granted' },
      ]),
    );
  });
});
