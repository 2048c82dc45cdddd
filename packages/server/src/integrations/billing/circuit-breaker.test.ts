import { createStripeSandbox, type StripeSandbox } from '@touchline/sandbox/stripe/stripe-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@touchline/contracts/roles';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization, type TestMember } from '../../../test/factories.ts';
import { noIntegrations } from '../../integrations-wiring.ts';
import { VendorCircuitOpenError, VendorHttpError } from '../http/vendor-errors.ts';
import { stripeAdapter } from './stripe.adapter.ts';

// The Stripe adapter's circuit breaker (5 failures in a row, 30 s) against the sandbox's fault switch, through the
// official SDK and through a route: it opens, answers at once with a 503 and Retry-After, and closes again.

const keys = {
  secretKey: 'sk_test_breaker',
  publishableKey: 'pk_test_breaker',
  webhookSecret: 'whsec_breaker',
};
let sandbox: StripeSandbox;
let t: TestApp;
let admin: TestMember;
let organizationId = '';
let offset = 0;
let adapter: ReturnType<typeof stripeAdapter>;

beforeAll(async () => {
  sandbox = createStripeSandbox(keys);
  const apiUrl = await sandbox.listen();
  adapter = stripeAdapter({
    apiUrl,
    ...keys,
    sandbox: true,
    logger: { info() {}, warn() {} },
    breakerNow: () => Date.now() + offset,
  });
  t = await createTestApp(
    {},
    { integrations: { ...noIntegrations, billing: { port: adapter, trialDays: 30 } } },
  );
  const org = await createTestOrganization(t);
  organizationId = org.id;
  admin = await addTestMember(t, org, org.root, Role.Admin);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const setup = () =>
  t.app.inject({
    method: 'POST',
    url: `/api/app/organization/${organizationId}/payment-method/setup`,
    headers: admin.auth,
  });

describe('the Stripe adapter’s circuit breaker', () => {
  it('opens after five failed calls while the sandbox fails, answers fast with a 503, then closes again', async () => {
    sandbox.faults.arm({ mode: 'error', status: 500, remaining: 1000 });
    const reached = () => 1000 - (sandbox.faults.list()[0]?.remaining ?? 1000);
    // Each failed call is Stripe's 500 after the SDK's own two retries: the route answers 503, never a 500.
    for (let i = 0; i < 5; i += 1) {
      const failed = await setup();
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error.message).toBe('Stripe is not answering right now. Try again in 30 seconds.');
    }
    await expect(adapter.getPayment('pi_any', {})).rejects.toBeInstanceOf(VendorCircuitOpenError);

    // Open: no call reaches Stripe, and the answer is immediate.
    const reachedBefore = reached();
    expect(reachedBefore).toBe(15);
    const started = performance.now();
    const open = await setup();
    const ms = performance.now() - started;
    expect(open.statusCode).toBe(503);
    expect(open.headers['retry-after']).toBe('30');
    expect(open.json().error).toMatchObject({ code: 'service_unavailable' });
    expect(ms).toBeLessThan(250);
    expect(reached()).toBe(reachedBefore);

    // Stripe recovers, but the breaker keeps answering 503 until its cooldown ends.
    sandbox.faults.clear();
    expect((await setup()).statusCode).toBe(503);
    offset += 30_000;
    // Half-open: one trial call goes through, succeeds, and closes the breaker.
    const trial = await setup();
    expect(trial.statusCode).toBe(201);
    expect((await setup()).statusCode).toBe(201);
    await expect(adapter.getPayment('pi_missing', {})).rejects.toBeInstanceOf(VendorHttpError);
  });
});
