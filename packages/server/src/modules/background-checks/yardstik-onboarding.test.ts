import { createYardstikSandbox, type YardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { accountReviewMs } from '@touchline/sandbox/yardstik/yardstik-accounts';
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
let otherAdmin: TestMember;
const base = '/api/app/organization';
const call = (who: TestMember | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const info = {
  name: 'Riverside Youth Soccer',
  legalName: 'Riverside Youth Soccer Association, Inc.',
  ein: '123456789',
  address: { line1: '1 Field Way', city: 'Austin', state: 'tx', postalCode: '78701' },
  owner: { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.org' },
  permissiblePurpose: 'employment',
};

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
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

describe('Yardstik onboarding', () => {
  it('GET {id}/yardstik-onboarding-info: 401, 404 other organization, 403, 400, 200 NotStarted', async () => {
    const url = (id: string) => `${base}/${id}/yardstik-onboarding-info`;
    expect((await call(null, 'GET', url(org.id))).statusCode).toBe(401);
    expect((await call(otherAdmin, 'GET', url(org.id))).statusCode).toBe(404);
    expect((await call(manager, 'GET', url(org.id))).statusCode).toBe(403);
    expect((await call(admin, 'GET', url('nope'))).statusCode).toBe(400);
    const res = await call(admin, 'GET', url(org.id));
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        info: null,
        status: 'NotStarted',
        accountId: null,
        submittedAt: null,
        activatedAt: null,
        sandbox: true,
      },
    ]);
  });

  it('POST {id}/yardstik-account before the details are saved is 409', async () => {
    const res = await call(admin, 'POST', `${base}/${org.id}/yardstik-account`);
    expect(res.statusCode).toBe(409);
  });

  it('PUT {id}/yardstik-onboarding-info: 401, 404, 403, 400 with fields, 200 InProgress', async () => {
    const url = (id: string) => `${base}/${id}/yardstik-onboarding-info`;
    expect((await call(null, 'PUT', url(org.id), info)).statusCode).toBe(401);
    expect((await call(otherAdmin, 'PUT', url(org.id), info)).statusCode).toBe(404);
    expect((await call(manager, 'PUT', url(org.id), info)).statusCode).toBe(403);
    const bad = await call(admin, 'PUT', url(org.id), {
      ...info,
      ein: '12-34',
      address: { ...info.address, postalCode: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.validationErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['address.postalCode', 'ein']);
    const res = await call(admin, 'PUT', url(org.id), info);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'InProgress',
      accountId: null,
      info: { ein: '12-3456789', address: { state: 'TX', line2: '' }, owner: { phone: '' } },
    });
    expect((await call(admin, 'GET', url(org.id))).json().info.legalName).toBe(info.legalName);
    const profile = await call(admin, 'GET', `/api/app/profile?AppUserId=${admin.userId ?? ''}`);
    expect([profile.statusCode, profile.json().yardstikOnboardingStatus]).toEqual([200, 'InProgress']);
  });

  it('POST {id}/yardstik-account: 401, 404, 403, 400 bad id, creates one sub-account (Submitted), a repeat creates none', async () => {
    const url = (id: string) => `${base}/${id}/yardstik-account`;
    expect((await call(null, 'POST', url(org.id))).statusCode).toBe(401);
    expect((await call(otherAdmin, 'POST', url(org.id))).statusCode).toBe(404);
    expect((await call(manager, 'POST', url(org.id))).statusCode).toBe(403);
    expect((await call(admin, 'POST', url('x'))).statusCode).toBe(400);
    const [first, second] = await Promise.all([
      call(admin, 'POST', url(org.id)),
      call(admin, 'POST', url(org.id)),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Submitted' });
    const accounts = [...sandbox.accounts.accounts.values()].filter((a) => a.external_id === org.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      legal_name: info.legalName,
      ein: '12-3456789',
      status: 'pending',
      address: { state: 'TX', zip_code: '78701' },
    });
    expect(second.json().accountId).toBe(accounts[0]!.id);
    expect(first.json().accountId).toBe(accounts[0]!.id);
    const again = await call(admin, 'POST', url(org.id));
    expect(again.json().accountId).toBe(accounts[0]!.id);
    const change = await call(admin, 'PUT', `${base}/${org.id}/yardstik-onboarding-info`, info);
    expect(change.statusCode).toBe(409);
  });

  it('GET {id}/yardstik-onboarding-status: 401, 404, 403, 400, Submitted until the vendor activates it', async () => {
    const url = (id: string) => `${base}/${id}/yardstik-onboarding-status`;
    expect((await call(null, 'GET', url(org.id))).statusCode).toBe(401);
    expect((await call(otherAdmin, 'GET', url(org.id))).statusCode).toBe(404);
    expect((await call(manager, 'GET', url(org.id))).statusCode).toBe(403);
    expect((await call(admin, 'GET', url('x'))).statusCode).toBe(400);
    expect((await call(admin, 'GET', url(org.id))).json()).toEqual({ status: 'Submitted' });
    await sandbox.clock.advance(accountReviewMs);
    expect((await call(admin, 'GET', url(org.id))).json()).toEqual({ status: 'Activated' });
    const view = (await call(admin, 'GET', `${base}/${org.id}/yardstik-onboarding-info`)).json();
    expect(view.status).toBe('Activated');
    expect(view.activatedAt).not.toBeNull();
    expect((await call(otherAdmin, 'GET', url(other.id))).json()).toEqual({ status: 'NotStarted' });
  });
});
