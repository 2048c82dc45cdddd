import { describe, expect, it } from 'vitest';
import { billingSummarySchema, invoicesPageSchema } from '@touchline/contracts/billing';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { billingReconciliationJob, mirrorCustomerJob, startSubscriptionJob } from './billing-sync.ts';

import {
  admin,
  apiUrl,
  call,
  day,
  director,
  info,
  job,
  org,
  otherAdmin,
  sandbox,
  saveCard,
  t,
  useBillingWorld,
} from './billing.test-support.ts';

useBillingWorld();

describe('organization billing routes: 401, 404 for another organization, 403 below admin, 400 bad input', () => {
  const routes: ['GET' | 'POST' | 'PUT', (id: string) => string, object?][] = [
    ['POST', (id) => `/api/app/organization/${id}/billing-information-exists`],
    ['GET', (id) => `/api/app/organization/${id}/billing-information`],
    ['POST', (id) => `/api/app/organization/${id}/billing-information`, info],
    ['PUT', (id) => `/api/app/organization/${id}/billing-information`, info],
    ['GET', (id) => `/api/app/organization/${id}/billing`],
    ['POST', (id) => `/api/app/organization/${id}/payment-method/setup`],
    ['POST', (id) => `/api/app/organization/${id}/payment-method`, { setupId: 'seti_abc' }],
    ['GET', (id) => `/api/app/organization/${id}/invoices/`],
    ['GET', (id) => `/api/app/organization/${id}/invoices/in_abc`],
  ];
  it.each(routes)('%s %s', async (method, url, body) => {
    expect((await call(method, url(org.id), undefined, body)).statusCode).toBe(401);
    expect((await call(method, url(org.id), otherAdmin, body)).statusCode).toBe(404);
    expect((await call(method, url(org.id), director, body)).statusCode).toBe(403);
    expect((await call(method, url('not-an-id'), admin, body)).statusCode).toBe(400);
  });

  it('refuses bad billing information with field errors, and a company type outside the spec’s list', async () => {
    const res = await call('POST', `/api/app/organization/${org.id}/billing-information`, admin, {
      ...info,
      companyType: 'sole-trader',
      billingEmail: 'nope',
      postalCode: '',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.validationErrors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['companyType', 'billingEmail', 'postalCode']));
    expect(
      (await call('POST', `/api/app/organization/${org.id}/payment-method`, admin, { setupId: 'pm_x' }))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/app/organization/${org.id}/invoices/bad-id!`, admin)).statusCode).toBe(
      400,
    );
  });
});

describe('billing end to end against the Stripe sandbox', () => {
  it('creation’s job started a trial with no card: one customer and one subscription, however often it runs', async () => {
    await startSubscriptionJob.run(jobDepsOf(t.app), { organizationId: org.id }, job);
    const summary = billingSummarySchema.parse(
      (await call('GET', `/api/app/organization/${org.id}/billing`, admin)).json(),
    );
    expect(summary).toMatchObject({
      status: 'trialing',
      planName: 'Basic',
      card: null,
      provider: { name: 'Stripe sandbox', sandbox: true, sandboxApiUrl: apiUrl },
    });
    expect(new Date(summary.trialEndsAt!).getTime() - Date.now()).toBeGreaterThan(29 * day);
    const mine = [...sandbox.store.subscriptions.values()].filter(
      (s) => s.metadata.organization_id === org.id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.items.data[0]!.price.unit_amount).toBe(4900);
    expect(
      [...sandbox.store.customers.values()].filter((c) => c.metadata.organization_id === org.id),
    ).toHaveLength(1);
  });

  it('billing information: 204 when empty, created once, replaced, and mirrored onto the customer', async () => {
    const url = `/api/app/organization/${org.id}/billing-information`;
    expect((await call('GET', url, admin)).statusCode).toBe(204);
    expect((await call('POST', `${url}-exists`, admin)).json()).toBe(false);
    expect((await call('PUT', url, admin, info)).statusCode).toBe(404);
    const created = await call('POST', url, admin, info);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ countryCode: 'US', addressLine2: null });
    expect((await call('POST', url, admin, info)).statusCode).toBe(409);
    expect((await call('POST', `${url}-exists`, admin)).json()).toBe(true);
    const replaced = await call('PUT', url, admin, { ...info, companyType: 'b-corporation', city: 'Tacoma' });
    expect(replaced.statusCode).toBe(200);
    expect((await call('GET', url, admin)).json()).toMatchObject({
      companyType: 'b-corporation',
      city: 'Tacoma',
    });
    await mirrorCustomerJob.run(jobDepsOf(t.app), { organizationId: org.id }, job);
    const customer = [...sandbox.store.customers.values()].find(
      (c) => c.metadata.organization_id === org.id,
    )!;
    expect(customer).toMatchObject({
      name: info.companyName,
      email: info.billingEmail,
      address: { city: 'Tacoma', country: 'US' },
      metadata: { company_type: 'b-corporation' },
    });
  });

  it('a declined card is refused with the decline as a field error; a good one is saved and shown by brand', async () => {
    const declined = await saveCard(admin, org.id, '4000000000000002');
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.validationErrors[0]).toMatchObject({
      field: 'setupId',
      message: 'Your card was declined.',
    });
    const profile = async () =>
      (await call('GET', `/api/app/profile?AppUserId=${admin.userId}`, admin)).json()
        .organizationPaymentMethodProvided;
    expect(await profile()).toBe(false);
    const saved = await saveCard(admin, org.id, '4242424242424242');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().card).toEqual({
      brand: 'visa',
      brandName: 'Visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
    });
    expect(await profile()).toBe(true);
    const other = await call('POST', `/api/app/organization/${org.id}/payment-method`, admin, {
      setupId: 'seti_doesnotexist',
    });
    expect(other.statusCode).toBe(400);
  });

  it('after the trial the card is charged; invoices list 20 a page after an id, with the hosted PDF', async () => {
    await sandbox.clock.advance(31 * day);
    await billingReconciliationJob.run(jobDepsOf(t.app), {}, job);
    const summary = (await call('GET', `/api/app/organization/${org.id}/billing`, admin)).json();
    expect(summary.status).toBe('active');
    const first = invoicesPageSchema.parse(
      (await call('GET', `/api/app/organization/${org.id}/invoices/`, admin)).json(),
    );
    expect(first.items.map((i) => [i.amountDue, i.status])).toEqual([
      [4900, 'paid'],
      [0, 'paid'],
    ]);
    expect(first.items[0]!.pdfUrl).toMatch(new RegExp(`^${apiUrl}/hosted/invoices/in_`));
    const after = (
      await call('GET', `/api/app/organization/${org.id}/invoices/${first.items[0]!.id}`, admin)
    ).json();
    expect(after.items.map((i: { id: string }) => i.id)).toEqual([first.items[1]!.id]);
    expect(
      (await call('GET', `/api/app/organization/${org.id}/invoices/null`, admin)).json().items,
    ).toHaveLength(2);
    expect((await call('GET', `/api/app/organization/${org.id}/invoices/in_unknown`, admin)).statusCode).toBe(
      400,
    );
  });
});
