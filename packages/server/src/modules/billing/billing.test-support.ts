import { eq } from 'drizzle-orm';
import { createStripeSandbox, type StripeSandbox } from '@touchline/sandbox/stripe/stripe-sandbox';
import { afterAll, beforeAll, expect } from 'vitest';
import { Role } from '@touchline/contracts/roles';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { billingAccounts, organizations } from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { startSubscriptionJob } from './billing-sync.ts';

export const keys = {
  secretKey: 'sk_test_billing_routes',
  publishableKey: 'pk_test_billing_routes',
  webhookSecret: 'whsec_billing_routes',
};
export const day = 86_400_000;
export let sandbox: StripeSandbox;
export let apiUrl = '';
export let integrations: Integrations;
export let t: TestApp;
export let org: TestOrganization;
export let admin: TestMember;
export let director: TestMember;
export let otherAdmin: TestMember;
export const job = { jobId: 'test-job', attempt: 0 };

export const info = {
  companyName: 'Lakeside Youth Football Inc.',
  companyType: 'non-profit',
  addressLine1: '1 Shore Rd',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98101',
  countryCode: 'us',
  taxId: '12-3456789',
  billingEmail: 'billing@lakeside.example.org',
};

export const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: TestMember, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

/** What the sandbox card form does in the browser: the card becomes a PaymentMethod, then confirms the setup. */
export async function confirmInBrowser(setup: { setupId: string; clientSecret: string }, number: string) {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: keys.publishableKey, ...fields }).toString(),
    });
  const pm = (await (
    await post('/v1/payment_methods', {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '4',
      'card[exp_year]': '2031',
    })
  ).json()) as { id: string };
  return post(`/v1/setup_intents/${setup.setupId}/confirm`, {
    payment_method: pm.id,
    client_secret: setup.clientSecret,
  });
}

export async function saveCard(who: TestMember, organizationId: string, number: string) {
  const setup = await call('POST', `/api/app/organization/${organizationId}/payment-method/setup`, who);
  expect(setup.statusCode).toBe(201);
  await confirmInBrowser(setup.json(), number);
  return call('POST', `/api/app/organization/${organizationId}/payment-method`, who, {
    setupId: setup.json().setupId,
  });
}

/** An organization on Basic, as the creation wizard leaves it, with its subscription started by the job. */
export async function subscribedOrganization(name: string) {
  const o = await createTestOrganization(t, name);
  await t.database.db
    .update(organizations)
    .set({ planProductName: 'Basic', billingEmail: `billing@${o.id}.example.org` })
    .where(eq(organizations.id, o.id));
  await t.database.db.insert(billingAccounts).values({ organizationId: o.id });
  await startSubscriptionJob.run(jobDepsOf(t.app), { organizationId: o.id }, job);
  return { org: o, admin: await addTestMember(t, o, o.root, Role.Admin, { signedUp: true }) };
}

/**
 * The world of each billing test file, its own per file: a Stripe sandbox behind the official SDK, the app with its
 * job workers, an organization with an admin and a director, another organization's admin. The bindings above are
 * live: set here, read by the test files.
 */
export function useBillingWorld() {
  beforeAll(async () => {
    sandbox = createStripeSandbox(keys);
    apiUrl = await sandbox.listen();
    integrations = buildIntegrations(
      { yardstik: undefined, stripe: { apiUrl, ...keys, sandbox: true }, billingTrialDays: 30 },
      { info() {}, warn() {} },
    );
    t = await createTestApp({}, { integrations });
    ({ org, admin } = await subscribedOrganization('Lakeside'));
    director = await addTestMember(t, org, org.root, Role.Director);
    const other = await createTestOrganization(t);
    otherAdmin = await addTestMember(t, other, other.root, Role.Admin);
  });
  afterAll(async () => {
    await t.close();
    await integrations.close();
    await sandbox.close();
  });
}
