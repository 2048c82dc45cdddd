import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgainst, type SchemaSet } from './openapi-check.ts';
import { createStripeSandbox, type StripeSandbox } from './stripe-sandbox.ts';

// components.schemas of Stripe's published OpenAPI description (github.com/stripe/openapi), reduced to what the
// sandbox answers; the file names its commit and API version (ADR 031).
const spec = JSON.parse(readFileSync(new URL('./stripe-openapi-subset.json', import.meta.url), 'utf8')) as {
  schemas: SchemaSet;
};
const keys = {
  secretKey: 'sk_test_openapi',
  publishableKey: 'pk_test_openapi',
  webhookSecret: 'whsec_openapi',
};

let sandbox: StripeSandbox;
let base = '';
const call = async (method: string, path: string, form?: Record<string, string>, auth = keys.secretKey) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { id: string },
  };
};
const expectShape = (schema: string, value: unknown) =>
  expect(checkAgainst(spec.schemas, schema, value)).toEqual([]);

beforeAll(async () => {
  sandbox = createStripeSandbox(keys);
  base = await sandbox.listen();
});
afterAll(() => sandbox.close());

describe('the Stripe sandbox answers in the shapes of Stripe’s published OpenAPI description', () => {
  it('the check itself finds a missing field, a wrong type and a value outside an enum', () => {
    expect(
      checkAgainst(spec.schemas, 'refund', { id: 're_1', object: 'refund', created: 1, currency: 'usd' }),
    ).toEqual(['refund.amount: required but missing']);
    expect(
      checkAgainst(spec.schemas, 'customer', { id: 1, object: 'customer', created: 1, livemode: false }),
    ).toContain('customer.id: expected a string');
    expect(
      checkAgainst(spec.schemas, 'setup_intent', {
        id: 'x',
        object: 'setup_intent',
        created: 1,
        livemode: false,
        payment_method_types: [],
        status: 'done',
        usage: 'x',
      }),
    ).toHaveLength(1);
  });

  it('customers, products, prices, payment methods, SetupIntents, subscriptions, invoices, PaymentIntents, refunds, events and test clocks', async () => {
    const clock = await call('POST', '/v1/test_helpers/test_clocks', {
      frozen_time: String(Math.floor(Date.now() / 1000)),
    });
    expectShape('test_helpers.test_clock', clock.body);
    const customer = await call('POST', '/v1/customers', {
      name: 'Shape FC',
      email: 'shape@example.org',
      'address[line1]': '1 Main St',
      'address[city]': 'Springfield',
      'address[postal_code]': '12345',
      'address[country]': 'US',
      'metadata[organization_id]': 'org-shape',
      test_clock: clock.body.id,
    });
    expect(customer.status).toBe(200);
    expectShape('customer', customer.body);
    const product = await call('POST', '/v1/products', { name: 'Basic' });
    expectShape('product', product.body);
    const price = await call('POST', '/v1/prices', {
      product: product.body.id,
      currency: 'usd',
      unit_amount: '4900',
      'recurring[interval]': 'month',
      lookup_key: 'basic_month',
    });
    expectShape('price', price.body);
    const pm = await call('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2035',
    });
    expectShape('payment_method', pm.body);
    const si = await call('POST', '/v1/setup_intents', { customer: customer.body.id });
    expectShape('setup_intent', si.body);
    const confirmed = await call('POST', `/v1/setup_intents/${si.body.id}/confirm`, {
      payment_method: pm.body.id,
    });
    expectShape('setup_intent', confirmed.body);
    const sub = await call('POST', '/v1/subscriptions', {
      customer: customer.body.id,
      'items[0][price]': price.body.id,
      trial_period_days: '14',
      default_payment_method: pm.body.id,
    });
    expect(sub.body.status).toBe('trialing');
    expectShape('subscription', sub.body);
    const invoices = await call('GET', `/v1/invoices?customer=${customer.body.id}&limit=1`);
    expect(invoices.body).toMatchObject({ object: 'list', has_more: false });
    expectShape('invoice', (invoices.body.data as unknown[])[0]);
    const pi = await call('POST', '/v1/payment_intents', {
      amount: '2500',
      currency: 'usd',
      customer: customer.body.id,
      payment_method: pm.body.id,
      confirm: 'true',
      off_session: 'true',
    });
    expect(pi.body.status).toBe('succeeded');
    expectShape('payment_intent', pi.body);
    const refund = await call('POST', '/v1/refunds', { payment_intent: pi.body.id, amount: '500' });
    expectShape('refund', refund.body);
    const events = await call('GET', '/v1/events?limit=100');
    const types = (events.body.data as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.created',
        'setup_intent.succeeded',
        'customer.subscription.created',
        'invoice.paid',
        'payment_intent.succeeded',
        'refund.created',
      ]),
    );
    for (const event of events.body.data as unknown[]) expectShape('event', event);
  });

  it('identity VerificationSessions: created, verified (expanded), refused, canceled, redacted, and their events', async () => {
    const form = {
      type: 'document',
      'options[document][allowed_types][0]': 'passport',
      'options[document][require_matching_selfie]': 'true',
      'options[document][require_live_capture]': 'true',
      'metadata[verificationId]': 'v-1',
      return_url: 'http://localhost/back',
    };
    const created = await call('POST', '/v1/identity/verification_sessions', form);
    expect(created.status).toBe(200);
    expectShape('identity.verification_session', created.body);
    const hosted = (fields: Record<string, string>, url: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    await hosted(
      { outcome: 'verified', first_name: 'Jane', last_name: 'Smith', dob: '2013-05-14' },
      created.body.url as string,
    );
    const verified = await call(
      'GET',
      `/v1/identity/verification_sessions/${created.body.id}?expand[]=verified_outputs&expand[]=verified_outputs.dob`,
    );
    expect(verified.body).toMatchObject({ status: 'verified', verified_outputs: { first_name: 'Jane' } });
    expectShape('identity.verification_session', verified.body);
    const redacted = await call('POST', `/v1/identity/verification_sessions/${created.body.id}/redact`, {});
    expect(redacted.body.redaction).toEqual({ status: 'redacted' });
    expectShape('identity.verification_session', redacted.body);

    const refused = await call('POST', '/v1/identity/verification_sessions', form);
    await hosted({ outcome: 'selfie_mismatch' }, refused.body.url as string);
    const again = await call('GET', `/v1/identity/verification_sessions/${refused.body.id}`);
    expect(again.body).toMatchObject({
      status: 'requires_input',
      last_error: { code: 'selfie_face_mismatch' },
    });
    expectShape('identity.verification_session', again.body);
    const canceled = await call('POST', `/v1/identity/verification_sessions/${refused.body.id}/cancel`, {});
    expect(canceled.body.status).toBe('canceled');
    expectShape('identity.verification_session', canceled.body);
    const missing = await call('GET', '/v1/identity/verification_sessions/vs_missing');
    expect(missing.status).toBe(404);
    expectShape('error', missing.body);

    const events = await call('GET', '/v1/events?limit=100');
    const identity = (events.body.data as { type: string; data: { object: unknown } }[]).filter((e) =>
      e.type.startsWith('identity.'),
    );
    expect(identity.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'identity.verification_session.created',
        'identity.verification_session.verified',
        'identity.verification_session.redacted',
        'identity.verification_session.requires_input',
        'identity.verification_session.canceled',
      ]),
    );
    for (const event of identity) {
      expectShape('event', event);
      expectShape('identity.verification_session', event.data.object);
    }
  });

  it('errors: a declined card, a missing object, a missing parameter, a wrong key and a reused idempotency key', async () => {
    const declined = await call('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4000000000000002',
    });
    expect(declined.status).toBe(200);
    const si = await call('POST', '/v1/setup_intents', {});
    const refusal = await call('POST', `/v1/setup_intents/${si.body.id}/confirm`, {
      payment_method: declined.body.id,
    });
    expect(refusal.status).toBe(402);
    expectShape('error', refusal.body);
    const missing = await call('GET', '/v1/customers/cus_missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'resource_missing', param: 'id' } });
    expectShape('error', missing.body);
    const noParam = await call('POST', '/v1/prices', {});
    expect(noParam.status).toBe(400);
    expectShape('error', noParam.body);
    const wrongKey = await call('GET', '/v1/customers', undefined, 'sk_test_wrong');
    expect(wrongKey.status).toBe(401);
    expectShape('error', wrongKey.body);

    const post = (name: string) =>
      fetch(`${base}/v1/customers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${keys.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'same-key',
        },
        body: new URLSearchParams({ name }).toString(),
      });
    const first = await post('A');
    const replay = await post('A');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    const reused = await post('B');
    expect(reused.status).toBe(400);
    const body = await reused.json();
    expect(body).toMatchObject({ error: { type: 'idempotency_error' } });
    expectShape('error', body);
  });
});
