import { and, eq } from 'drizzle-orm';
import { signStripeWebhook } from '@touchline/sandbox/stripe/stripe-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationFields } from '../../../test/factories.ts';
import { eventually, mailTo } from '../../../test/mail.ts';
import { auditEvents, memberPayments, screeningOrders, webhookEvents } from '../../db/schema/index.ts';
import {
  base,
  cardFromBrowser,
  consent,
  defs,
  intentsOf,
  itemsOf,
  keys,
  manager,
  newMember,
  otherAdmin,
  pay,
  send,
  stripe,
  t,
  useMemberPaymentWorld,
} from './member-payments.test-support.ts';

useMemberPaymentWorld({ webhooks: true });

const runAndPay = (plaId: string) => `${base}/${defs.check}/run-and-pay-background-check-user?plaId=${plaId}`;
const paymentOf = async (profileId: string) =>
  (await t.database.db.select().from(memberPayments).where(eq(memberPayments.profileId, profileId)))[0]!;
const receipts = async (email: string) =>
  (await mailTo(t, email)).filter((m) => m.subject.startsWith('Your Touchline receipt'));

describe('run-and-pay-background-check-user: charge the member, then order the check', () => {
  it('401, 404 for another organization, 403 for a manager, 409 before consent, 400 without a card', async () => {
    const member = await newMember('Morgan', 'Check');
    const url = runAndPay(member.profileLevelAccessId);
    const card = { paymentMethodId: await cardFromBrowser('4242424242424242') };
    expect((await send(null, 'POST', url, card)).statusCode).toBe(401);
    expect((await send(otherAdmin, 'POST', url, card)).statusCode).toBe(404);
    expect((await send(manager, 'POST', url, card)).statusCode).toBe(403);
    const early = await send(member, 'POST', url, card);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Read and sign the disclosure and authorization first');
    expect((await consent(member, 'Morgan', 'Check')).statusCode).toBe(200);
    const noCard = await send(member, 'POST', url);
    expect(noCard.statusCode).toBe(400);
    expect(validationFields(noCard)).toEqual(['paymentMethodId']);
    const badCard = await send(member, 'POST', url, { paymentMethodId: '4242 4242' });
    expect(badCard.statusCode).toBe(400);
    expect(await intentsOf(member)).toHaveLength(0);
  });

  it('charges once and orders the check; a second call answers the ordered check without charging', async () => {
    const member = await newMember('Jordan', 'Paid');
    expect((await consent(member, 'Jordan', 'Paid')).statusCode).toBe(200);
    const url = runAndPay(member.profileLevelAccessId);
    const res = await send(member, 'POST', url, {
      paymentMethodId: await cardFromBrowser('4242424242424242'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).not.toBeNull();
    expect((await itemsOf(member)).map((r) => r.item.state)).toEqual(['used']);
    const again = await send(member, 'POST', url, {
      paymentMethodId: await cardFromBrowser('4242424242424242'),
    });
    expect(again.statusCode).toBe(200);
    expect(await intentsOf(member)).toHaveLength(1);
    await eventually(async () => {
      const [req] = await itemsOf(member);
      const orders = await t.database.db
        .select()
        .from(screeningOrders)
        .where(eq(screeningOrders.memberRequirementId, req!.item.memberRequirementId));
      return orders.length === 1;
    }, 'the order at the vendor');
    await eventually(async () => (await receipts(member.email)).length === 1, 'the receipt');
  });

  it('a check paid in a bulk payment before consent is ordered with that payment, not charged again', async () => {
    const member = await newMember('Casey', 'Credit');
    expect((await pay(member, [defs.check, defs.document])).json().status).toBe('succeeded');
    expect((await consent(member, 'Casey', 'Credit')).statusCode).toBe(200);
    const res = await send(member, 'POST', runAndPay(member.profileLevelAccessId));
    expect(res.statusCode).toBe(200);
    expect(res.json().order).not.toBeNull();
    expect(await intentsOf(member)).toHaveLength(1);
    const states = (await itemsOf(member)).map((r) => r.item.state).sort();
    expect(states).toEqual(['paid', 'used']);
  });
});

describe('payment webhooks: signed, deduplicated by event id, re-read, in any order', () => {
  let appUrl = '';
  beforeAll(() => {
    appUrl =
      t.app.server.address() && typeof t.app.server.address() === 'object'
        ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
        : '';
  });

  it('duplicated and reordered events settle a payment once: one receipt, one audit event', async () => {
    const member = await newMember();
    const res = await pay(member, [defs.document]);
    expect(res.statusCode).toBe(200);
    const [intent] = await intentsOf(member);
    await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.objectId, intent!.id)));
      return rows.length >= 2 && rows.every((r) => r.state !== 'received');
    }, 'the PaymentIntent events processed');
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'member_payment.succeeded'), eq(auditEvents.entityId, res.json().id)),
      );
    expect(audits).toHaveLength(1);
    await eventually(async () => (await receipts(member.email)).length === 1, 'the receipt');
    expect(await receipts(member.email)).toHaveLength(1);
  });

  it('a replayed delivery is stored once; a late payment_failed for a paid payment changes nothing; a bad signature is refused', async () => {
    const member = await newMember();
    const res = await pay(member, [defs.document]);
    const [intent] = await intentsOf(member);
    const event = {
      id: 'evt_member_pays_late_failure',
      object: 'event',
      api_version: '2023-08-16',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.payment_failed',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...intent, status: 'requires_payment_method' } },
    };
    const body = JSON.stringify(event);
    const deliver = (signature: string) =>
      fetch(`${appUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    expect((await deliver(signStripeWebhook('whsec_wrong', body))).status).toBe(401);
    expect((await deliver(signStripeWebhook(keys.webhookSecret, body))).status).toBe(200);
    expect((await deliver(signStripeWebhook(keys.webhookSecret, body))).status).toBe(200);
    const rows = () => t.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(await rows()).toHaveLength(1);
    await eventually(async () => (await rows())[0]!.state !== 'received', 'the event processed');
    expect(await paymentOf(member.profileId)).toMatchObject({ id: res.json().id, status: 'succeeded' });
    expect((await itemsOf(member)).map((r) => r.item.state)).toEqual(['paid']);
  });

  it('when Stripe does not answer, the payment stays pending (503) and the settle job finishes it with the same key', async () => {
    const member = await newMember();
    const card = await cardFromBrowser('4242424242424242');
    stripe.faults.arm({ mode: 'error', status: 500, pathPrefix: '/v1/payment_intents' });
    const res = await send(member, 'POST', `${base}/bulk-payment`, {
      plaId: member.profileLevelAccessId,
      definitionIds: [defs.document],
      paymentMethodId: card,
    });
    stripe.faults.clear();
    expect(res.statusCode).toBe(503);
    expect((await paymentOf(member.profileId)).status).toBe('pending');
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().error.message).toContain('you will not be charged twice');
    await eventually(
      async () => (await paymentOf(member.profileId)).status === 'succeeded',
      'the settled payment',
    );
    expect(await intentsOf(member)).toHaveLength(1);
    await eventually(async () => (await receipts(member.email)).length === 1, 'the receipt');
  });
});
