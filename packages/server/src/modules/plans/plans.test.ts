import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentPlansResponseSchema } from '@touchline/contracts/plans';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { paymentPlans } from '../../db/schema/index.ts';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let player: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  player = await addTestMember(t, org, org.team, 'member');
  await t.database.db.insert(paymentPlans).values([
    { organizationId: org.id, productName: 'Club Special', monthUnitAmount: 2900, yearUnitAmount: 27600 },
    { organizationId: other.id, productName: 'Other Special', monthUnitAmount: 1, yearUnitAmount: 2 },
    {
      productName: 'Retired',
      monthUnitAmount: 100,
      yearUnitAmount: 1000,
      sortOrder: 9,
      deletedAt: new Date(),
    },
  ]);
});
afterAll(() => t.close());

const catalog = [
  { productName: 'Basic', monthUnitAmount: 4900, yearUnitAmount: 46800, currency: 'usd', isDefault: true },
  { productName: 'Plus', monthUnitAmount: 9900, yearUnitAmount: 94800, currency: 'usd', isDefault: false },
  {
    productName: 'Premier',
    monthUnitAmount: 19900,
    yearUnitAmount: 190800,
    currency: 'usd',
    isDefault: false,
  },
];

describe('GET /api/app/payment-plan/payment-plans/', () => {
  it('401 without a token', async () => {
    expect((await t.app.inject('/api/app/payment-plan/payment-plans/')).statusCode).toBe(401);
  });

  it('lists the live catalog in display order, Basic the default, to every signed-in user', async () => {
    const email = 'no-organization@example.org';
    await t.createUser({ email });
    const tokens = await t.signIn(email);
    const res = await t.app.inject({
      url: '/api/app/payment-plan/payment-plans/',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const plans = paymentPlansResponseSchema.parse(res.json());
    expect(plans.map(({ id: _id, ...plan }) => plan)).toEqual(catalog);
  });
});

describe('GET /api/app/payment-plan/payment-plans-organization?organizationGuid', () => {
  const url = (id: string) => `/api/app/payment-plan/payment-plans-organization?organizationGuid=${id}`;

  it('401 without a token, 404 for another organization or none selected, 400 for a bad id', async () => {
    expect((await t.app.inject(url(org.id))).statusCode).toBe(401);
    expect((await t.app.inject({ url: url(other.id), headers: player.auth })).statusCode).toBe(404);
    const res = await t.app.inject({ url: url('not-an-id'), headers: player.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0]).toMatchObject({ field: 'organizationGuid', in: 'query' });
    const email = 'nobody-selected@example.org';
    await t.createUser({ email });
    const none = await t.signIn(email);
    const noOrg = await t.app.inject({
      url: url(org.id),
      headers: { authorization: `Bearer ${none.access_token}` },
    });
    expect(noOrg.statusCode).toBe(404);
  });

  it('lists the catalog then the organization’s own plans, sent as the web sends it (form content type)', async () => {
    const res = await t.app.inject({
      url: url(org.id),
      headers: { ...player.auth, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const names = paymentPlansResponseSchema.parse(res.json()).map((p) => p.productName);
    expect(names).toEqual(['Basic', 'Plus', 'Premier', 'Club Special']);
  });
});
