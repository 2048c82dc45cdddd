import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeSandbox, type StripeSandbox } from '@touchline/sandbox/stripe/stripe-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../http/vendor-errors.ts';
import { CardDeclined, InvalidBillingWebhook } from './port.ts';
import { stripeAdapter } from './stripe.adapter.ts';

const keys = {
  secretKey: 'sk_test_sandbox_contract',
  publishableKey: 'pk_test_sandbox_contract',
  webhookSecret: 'whsec_contract',
};
const quiet = { info() {}, warn() {} };
const plan = {
  id: 'plan-basic',
  productName: 'Basic',
  monthUnitAmount: 4900,
  yearUnitAmount: 46800,
  currency: 'usd',
};
const day = 86_400;

let sandbox: StripeSandbox;
let apiUrl = '';
let port: ReturnType<typeof stripeAdapter>;
const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let receiver: http.Server;

/** What Stripe.js does in the browser: a card becomes a PaymentMethod, then confirms the SetupIntent. */
async function browserConfirm(setupId: string, clientSecret: string, number: string) {
  const form = (fields: Record<string, string>) =>
    new URLSearchParams({ key: keys.publishableKey, ...fields }).toString();
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form(fields),
    });
  const pmResponse = await post('/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getUTCFullYear() + 2),
    'card[cvc]': '123',
  });
  expect(pmResponse.status).toBe(200);
  const pm = (await pmResponse.json()) as { id: string };
  const confirm = await post(`/v1/setup_intents/${setupId}/confirm`, {
    payment_method: pm.id,
    client_secret: clientSecret,
  });
  return { status: confirm.status, body: (await confirm.json()) as Record<string, unknown> };
}

/** Advances a test clock and waits until Stripe says it is ready (advancing is asynchronous). */
async function advanceClock(clockId: string, to: number) {
  await port.stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });
  for (let i = 0; i < 100; i++) {
    if ((await port.stripe.testHelpers.testClocks.retrieve(clockId)).status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the test clock never became ready');
}

/** A customer on its own test clock, subscribed to Basic monthly on a 30-day trial. */
async function trialingOrganization(organizationId: string) {
  const start = Math.floor(Date.now() / 1000);
  const clock = await port.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const { month } = await port.ensurePlanPrices(plan, {});
  const { customerId } = await port.createCustomer(
    { organizationId, name: `Club ${organizationId}`, email: 'billing@example.org', testClockId: clock.id },
    {},
  );
  const sub = await port.startSubscription({ organizationId, customerId, priceId: month, trialDays: 30 }, {});
  return { clockId: clock.id, start, customerId, sub };
}

async function saveCard(customerId: string, subscriptionId: string, number: string) {
  const setup = await port.createCardSetup({ customerId, key: `${subscriptionId}-${number}` }, {});
  const confirmed = await browserConfirm(setup.setupId, setup.clientSecret, number);
  expect(confirmed.status).toBe(200);
  const state = await port.getCardSetup(setup.setupId, {});
  expect(state.status).toBe('succeeded');
  return port.useCard({ customerId, subscriptionId, paymentMethodId: state.card!.paymentMethodId }, {});
}

beforeAll(async () => {
  sandbox = createStripeSandbox(keys);
  apiUrl = await sandbox.listen();
  port = stripeAdapter({ apiUrl, ...keys, logger: quiet, timeoutMs: 5000 });
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sandbox.webhooks.addEndpoint(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`);
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('the Stripe billing adapter keeps the port contract against the sandbox, through the official SDK', () => {
  it('makes a plan’s prices once, however often it is asked', async () => {
    const first = await port.ensurePlanPrices(plan, {});
    const again = await port.ensurePlanPrices(plan, { correlationId: 'retry' });
    expect(again).toEqual(first);
    const price = await port.stripe.prices.retrieve(first.year);
    expect(price).toMatchObject({ unit_amount: 46800, currency: 'usd', recurring: { interval: 'year' } });
    const changed = await port.ensurePlanPrices({ ...plan, monthUnitAmount: 5900 }, {});
    expect(changed.month).not.toBe(first.month);
    expect(changed.year).toBe(first.year);
  });

  it('creates one customer and one subscription per organization: the idempotency key replays the first', async () => {
    const { month } = await port.ensurePlanPrices(plan, {});
    const input = { organizationId: 'org-once', name: 'Once FC', email: 'once@example.org' };
    const [a, b] = await Promise.all([port.createCustomer(input, {}), port.createCustomer(input, {})]);
    expect(b.customerId).toBe(a.customerId);
    const sub = { organizationId: 'org-once', customerId: a.customerId, priceId: month, trialDays: 30 };
    const first = await port.startSubscription(sub, {});
    const second = await port.startSubscription(sub, {});
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'trialing', organizationId: 'org-once', priceId: month });
    expect(first.trialEnd!.getTime() - Date.now()).toBeGreaterThan(29 * day * 1000);
    expect(
      [...sandbox.store.customers.values()].filter((c) => c.metadata.organization_id === 'org-once'),
    ).toHaveLength(1);
  });

  it('saves a card set up in the browser, with its brand and expiry', async () => {
    const { customerId, sub } = await trialingOrganization('org-card');
    const setup = await port.createCardSetup({ customerId, key: 'card-1' }, {});
    expect((await port.getCardSetup(setup.setupId, {})).status).toBe('needs_card');
    const confirmed = await browserConfirm(setup.setupId, setup.clientSecret, '5555555555554444');
    expect(confirmed.body.status).toBe('succeeded');
    const state = await port.getCardSetup(setup.setupId, {});
    expect(state.card).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 12 });
    await port.useCard(
      { customerId, subscriptionId: sub.id, paymentMethodId: state.card!.paymentMethodId },
      {},
    );
    expect((await port.getSubscription(sub.id, {})).defaultPaymentMethodId).toBe(state.card!.paymentMethodId);
  });

  it('refuses a declined card, and asks for authentication first for a card that needs it', async () => {
    const { customerId } = await trialingOrganization('org-3ds');
    const declinedSetup = await port.createCardSetup({ customerId, key: 'declined' }, {});
    const declined = await browserConfirm(
      declinedSetup.setupId,
      declinedSetup.clientSecret,
      '4000000000000002',
    );
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(await port.getCardSetup(declinedSetup.setupId, {})).toMatchObject({
      status: 'needs_card',
      card: null,
      lastError: 'Your card was declined.',
    });

    const setup = await port.createCardSetup({ customerId, key: '3ds' }, {});
    const pending = await browserConfirm(setup.setupId, setup.clientSecret, '4000002500003155');
    expect(pending.body.status).toBe('requires_action');
    expect(await port.getCardSetup(setup.setupId, {})).toMatchObject({
      status: 'needs_authentication',
      card: null,
    });
    const challenge = (pending.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    expect((await fetch(challenge)).status).toBe(200);
    await fetch(challenge, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=pass',
    });
    expect(await port.getCardSetup(setup.setupId, {})).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '3155' },
    });
  });

  it('bills when the trial ends on the test clock, and lists invoices newest first, a page at a time', async () => {
    const { clockId, start, customerId, sub } = await trialingOrganization('org-invoices');
    await saveCard(customerId, sub.id, '4242424242424242');
    await advanceClock(clockId, start + 31 * day);
    expect((await port.getSubscription(sub.id, {})).status).toBe('active');
    await advanceClock(clockId, start + 62 * day);
    const all = await port.listInvoices(customerId, { startingAfter: null, limit: 20 }, {});
    expect(all.items.map((i) => [i.amountDue, i.status])).toEqual([
      [4900, 'paid'],
      [4900, 'paid'],
      [0, 'paid'],
    ]);
    expect(all.hasMore).toBe(false);
    const first = await port.listInvoices(customerId, { startingAfter: null, limit: 2 }, {});
    expect(first.hasMore).toBe(true);
    const rest = await port.listInvoices(customerId, { startingAfter: first.items[1]!.id, limit: 2 }, {});
    expect(rest.items.map((i) => i.id)).toEqual([all.items[2]!.id]);
    const pdf = await fetch(all.items[0]!.pdfUrl!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('goes past due when the card fails after the trial, and recovers once a working card is saved', async () => {
    const { clockId, start, customerId, sub } = await trialingOrganization('org-late');
    await saveCard(customerId, sub.id, '4000000000000341');
    await advanceClock(clockId, start + 31 * day);
    expect((await port.getSubscription(sub.id, {})).status).toBe('past_due');
    // The browser's save and the setup's webhook use the card at the same moment: both see the invoice paid.
    const setup = await port.createCardSetup({ customerId, key: 'recover' }, {});
    await browserConfirm(setup.setupId, setup.clientSecret, '4242424242424242');
    const { card } = await port.getCardSetup(setup.setupId, {});
    const use = () =>
      port.useCard({ customerId, subscriptionId: sub.id, paymentMethodId: card!.paymentMethodId }, {});
    const [a, b] = await Promise.all([use(), use()]);
    expect([a.openInvoicesPaid, b.openInvoicesPaid]).toEqual([true, true]);
    expect((await port.getSubscription(sub.id, {})).status).toBe('active');
  });

  it('a trial that ends with no card makes an unpaid invoice: the subscription is past due', async () => {
    const { clockId, start, customerId, sub } = await trialingOrganization('org-no-card');
    await advanceClock(clockId, start + 31 * day);
    expect((await port.getSubscription(sub.id, {})).status).toBe('past_due');
    const [latest] = (await port.listInvoices(customerId, { startingAfter: null, limit: 1 }, {})).items;
    expect(latest).toMatchObject({ status: 'open', amountDue: 4900, amountPaid: 0 });
    expect(await port.getInvoice(latest!.id, {})).toMatchObject({
      subscriptionId: sub.id,
      customerId,
      status: 'open',
    });
  });

  it('survives Stripe failing twice: the SDK retries with the same idempotency key and one customer is made', async () => {
    sandbox.faults.arm({ mode: 'error', remaining: 2, pathPrefix: '/v1/customers', status: 500 });
    const { customerId } = await port.createCustomer(
      { organizationId: 'org-flaky', name: 'Flaky FC', email: null },
      {},
    );
    expect(customerId).toMatch(/^cus_/);
    expect(sandbox.faults.list()).toEqual([]);
    expect(
      [...sandbox.store.customers.values()].filter((c) => c.metadata.organization_id === 'org-flaky'),
    ).toHaveLength(1);
  });

  it('charges a saved card once for a double submit, refunds it, and reports a decline', async () => {
    const { customerId } = await trialingOrganization('org-member');
    const visa = await port.stripe.paymentMethods.attach('pm_card_visa', { customer: customerId });
    const charge = {
      key: 'order-1',
      customerId,
      paymentMethodId: visa.id,
      amount: 2500,
      currency: 'usd',
      description: 'Background check',
      metadata: { order_id: 'order-1' },
      receiptEmail: null,
    };
    const [a, b] = await Promise.all([port.charge(charge, {}), port.charge(charge, {})]);
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect(
      [...sandbox.store.paymentIntents.values()].filter((pi) => pi.metadata.order_id === 'order-1'),
    ).toHaveLength(1);
    expect(await port.refund({ paymentId: a.id, key: 'refund-1' }, {})).toMatchObject({ amount: 2500 });
    await expect(port.refund({ paymentId: a.id, key: 'refund-2' }, {})).rejects.toBeInstanceOf(
      VendorHttpError,
    );

    const failing = await port.stripe.paymentMethods.attach('pm_card_chargeDeclinedInsufficientFunds', {
      customer: customerId,
    });
    const declined = port.charge({ ...charge, key: 'order-2', paymentMethodId: failing.id }, {});
    await expect(declined).rejects.toBeInstanceOf(CardDeclined);
    await expect(declined).rejects.toMatchObject({ declineCode: 'insufficient_funds' });
  });

  it('answers a wrong secret key with 401 and an unknown object with 404, as Stripe does', async () => {
    const wrong = stripeAdapter({
      apiUrl,
      ...keys,
      secretKey: 'sk_test_wrong',
      logger: quiet,
      timeoutMs: 5000,
    });
    await expect(wrong.getSubscription('sub_x', {})).rejects.toMatchObject({ status: 401 });
    await expect(port.getSubscription('sub_missing', {})).rejects.toMatchObject({
      status: 404,
      body: { code: 'resource_missing' },
    });
  });

  it('sends events signed with Stripe-Signature that the adapter verifies, and refuses tampered ones', async () => {
    await sandbox.webhooks.idle();
    const delivery = received.find((r) => r.body.toString().includes('customer.subscription.created'));
    expect(delivery).toBeDefined();
    const hint = port.readWebhook(delivery!.headers, delivery!.body);
    expect(hint).toMatchObject({ objectType: 'subscription', eventId: expect.stringMatching(/^evt_/) });
    expect(hint.objectId).toMatch(/^sub_/);
    const tampered = Buffer.from(delivery!.body.toString().replace('"trialing"', '"active"'));
    expect(() => port.readWebhook(delivery!.headers, tampered)).toThrow(InvalidBillingWebhook);
    expect(() => port.readWebhook({}, delivery!.body)).toThrow(InvalidBillingWebhook);
    const stale = {
      'stripe-signature': String(delivery!.headers['stripe-signature']).replace(/t=\d+/, 't=1000'),
    };
    expect(() => port.readWebhook(stale, delivery!.body)).toThrow(InvalidBillingWebhook);
  });
});
