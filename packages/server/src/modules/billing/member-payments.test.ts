import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validationFields } from '../../../test/factories.ts';
import { eventually, mailTo } from '../../../test/mail.ts';
import { memberPayments } from '../../db/schema/index.ts';
import {
  base,
  consent,
  defs,
  intentsOf,
  itemsOf,
  manager,
  newMember,
  otherAdmin,
  otherMember,
  pay,
  send,
  stripe,
  t,
  useMemberPaymentWorld,
  cardFromBrowser,
} from './member-payments.test-support.ts';

useMemberPaymentWorld();

const awaiting = (plaId: string) => `${base}/awaiting-payment-by-individual/${plaId}`;

describe('GET awaiting-payment-by-individual/{plaId}', () => {
  it('401 without a token, 400 for a bad id, 404 for another organization’s member', async () => {
    const member = await newMember();
    expect((await send(null, 'GET', awaiting(member.profileLevelAccessId))).statusCode).toBe(401);
    const bad = await send(member, 'GET', awaiting('nope'));
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(['plaId']);
    expect((await send(otherAdmin, 'GET', awaiting(member.profileLevelAccessId))).statusCode).toBe(404);
    expect((await send(member, 'GET', awaiting(otherMember.profileLevelAccessId))).statusCode).toBe(404);
  });

  it('403 for another member of the team; the member and their manager see what is owed', async () => {
    const member = await newMember();
    const teammate = await newMember();
    expect((await send(teammate, 'GET', awaiting(member.profileLevelAccessId))).statusCode).toBe(403);
    for (const who of [member, manager]) {
      const res = await send(who, 'GET', awaiting(member.profileLevelAccessId));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // The member-paid check by its definition, the document by the Player role; never the league-paid check,
      // nor the member-paid check with no price.
      expect(
        body.items.map((i: { name: string; reason: string; amount: number }) => [i.name, i.reason, i.amount]),
      ).toEqual([
        ['Background check', 'definition', 2500],
        ['Coaching licence', 'role', 1000],
      ]);
      expect(body).toMatchObject({ total: 3500, currency: 'usd', paid: [], processing: [], sandbox: true });
    }
  });
});

describe('POST bulk-payment', () => {
  it('401, 404 for another organization’s member, 403 for a manager paying for a member', async () => {
    const member = await newMember();
    const body = {
      plaId: member.profileLevelAccessId,
      definitionIds: [defs.document],
      paymentMethodId: 'pm_card_visa',
    };
    expect((await send(null, 'POST', `${base}/bulk-payment`, body)).statusCode).toBe(401);
    expect((await send(otherAdmin, 'POST', `${base}/bulk-payment`, body)).statusCode).toBe(404);
    const forbidden = await send(manager, 'POST', `${base}/bulk-payment`, body);
    expect(forbidden.statusCode).toBe(403);
    expect(await intentsOf(member)).toHaveLength(0);
  });

  it('400 with field errors for a bad body, and for a requirement that is not the member’s to pay', async () => {
    const member = await newMember();
    const bad = await send(member, 'POST', `${base}/bulk-payment`, {
      plaId: member.profileLevelAccessId,
      definitionIds: [],
      paymentMethodId: '4242424242424242',
    });
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad).sort()).toEqual(['definitionIds', 'paymentMethodId']);
    const notPayable = await send(member, 'POST', `${base}/bulk-payment`, {
      plaId: member.profileLevelAccessId,
      definitionIds: [defs.document, defs.orgCheck],
      paymentMethodId: 'pm_card_visa',
    });
    expect(notPayable.statusCode).toBe(400);
    expect(validationFields(notPayable)).toEqual(['definitionIds.1']);
    expect(await intentsOf(member)).toHaveLength(0);
  });

  it('pays for two requirements at once: one PaymentIntent, a receipt by e-mail, nothing owed after', async () => {
    const member = await newMember('Alex', 'Twopay');
    const before = await send(member, 'GET', `/api/app/profile?AppUserId=${member.userId}`);
    expect(before.json().userAwaitingIndividualPaymentContent).toEqual([
      { id: defs.check, name: 'Background check' },
      { id: defs.document, name: 'Coaching licence' },
    ]);
    const res = await pay(member, [defs.check, defs.document]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'succeeded',
      amount: 3500,
      currency: 'usd',
      receiptEmail: member.email,
    });
    // No consent yet: the check's payment waits as a credit; the document has no work to start.
    expect(res.json().items.map((i: { name: string; state: string }) => [i.name, i.state])).toEqual([
      ['Background check', 'paid'],
      ['Coaching licence', 'paid'],
    ]);
    const intents = await intentsOf(member);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 3500, currency: 'usd', status: 'succeeded' });
    const after = (await send(member, 'GET', awaiting(member.profileLevelAccessId))).json();
    const profile = await send(member, 'GET', `/api/app/profile?AppUserId=${member.userId}`);
    expect(profile.json().userAwaitingIndividualPaymentContent).toEqual([]);
    expect(after.items).toEqual([]);
    expect(after.paid.map((p: { name: string }) => p.name)).toEqual(['Background check', 'Coaching licence']);
    await eventually(async () => (await mailTo(t, member.email)).length === 1, 'the receipt');
    const [receipt] = await mailTo(t, member.email);
    expect(receipt!.subject).toBe('Your Touchline receipt: $35.00');
    expect(receipt!.text).toContain('Background check: $25.00');
    expect(receipt!.text).toContain('Coaching licence: $10.00');
    expect(receipt!.text).toContain('Stripe sandbox');
    // Paying again for what is paid is refused, and charges nothing.
    const again = await pay(member, [defs.document]);
    expect(again.statusCode).toBe(409);
    expect(await intentsOf(member)).toHaveLength(1);
  });

  it('the session’s backgroundCheckPaymentInfo follows the payment: awaiting, paid, then paid once the check is ordered', async () => {
    const member = await newMember('Pia', 'Session');
    const info = async () => {
      const body = (await send(member, 'GET', `/api/app/profile?AppUserId=${member.userId}`)).json();
      return { checks: body.backgroundCheckPaymentInfo, apt: body.aptPaymentInfo };
    };
    const check = (state: string) => [
      expect.objectContaining({
        definitionId: defs.check,
        name: 'Background check',
        amount: 2500,
        currency: 'usd',
        state,
      }),
    ];
    // Only the priced member-paid check: the league-paid one, the unpriced one and the document are not listed.
    expect(await info()).toEqual({ checks: check('awaiting'), apt: [] });
    expect((await pay(member, [defs.check])).statusCode).toBe(200);
    expect(await info()).toEqual({ checks: check('paid'), apt: [] });
    // Consent, then run-and-pay orders the check with the credit: the item is used, the requirement waits on the
    // vendor, and the check still shows as paid.
    expect((await consent(member, 'Pia', 'Session')).statusCode).toBe(200);
    const run = await send(
      member,
      'POST',
      `${base}/${defs.check}/run-and-pay-background-check-user?plaId=${member.profileLevelAccessId}`,
      {},
    );
    expect(run.statusCode).toBe(200);
    await eventually(async () => (await itemsOf(member))[0]?.item.state === 'used', 'the check ordered');
    expect(await info()).toEqual({ checks: check('paid'), apt: [] });
    // Someone else's session shows their own, never this member's.
    const other = (await send(manager, 'GET', `/api/app/profile?AppUserId=${manager.userId}`)).json();
    expect(other.backgroundCheckPaymentInfo).toEqual([]);
  });

  it('a concurrent double submit charges once', async () => {
    const member = await newMember();
    const [a, b] = await Promise.all([
      pay(member, [defs.check, defs.document]),
      pay(member, [defs.check, defs.document]),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(b.json().id);
    expect(await intentsOf(member)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(memberPayments)
      .where(eq(memberPayments.profileId, member.profileId));
    expect(rows).toHaveLength(1);
  });

  it('a declined card: 409 with the bank’s reason, nothing owed is released, and another card then pays', async () => {
    const member = await newMember();
    const declined = await pay(member, [defs.document], '4000000000000002');
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.message).toBe(
      'Your card was declined: Your card was declined. Nothing was charged; try another card.',
    );
    const auth = await pay(member, [defs.document], '4000002500003155');
    expect(auth.statusCode).toBe(409);
    expect(auth.json().error.message).toContain('requires authentication');
    expect((await itemsOf(member)).map((r) => r.item.state)).toEqual(['released', 'released']);
    expect((await send(member, 'GET', awaiting(member.profileLevelAccessId))).json().total).toBe(3500);
    const ok = await pay(member, [defs.document], '5555555555554444');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('succeeded');
  });

  it('refunds through the port when the paid check cannot be ordered', async () => {
    const member = await newMember('Sky', 'Refund');
    expect((await consent(member, 'Sky', 'Refund')).statusCode).toBe(200);
    const screening = t.app.deps.integrations.screening;
    Object.assign(t.app.deps.integrations, { screening: null });
    try {
      const res = await pay(member, [defs.check]);
      expect(res.statusCode).toBe(200);
      expect(res.json().items[0].state).toBe('refunding');
    } finally {
      Object.assign(t.app.deps.integrations, { screening });
    }
    await eventually(async () => (await itemsOf(member))[0]?.item.state === 'refunded', 'the refund');
    const [intent] = await intentsOf(member);
    const refunds = [...stripe.store.refunds.values()].filter((r) => r.payment_intent === intent!.id);
    expect(refunds.map((r) => r.amount)).toEqual([2500]);
    const [payment] = await t.database.db
      .select()
      .from(memberPayments)
      .where(eq(memberPayments.profileId, member.profileId));
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 2500 });
    await eventually(
      async () => (await mailTo(t, member.email)).some((m) => m.subject.startsWith('Your Touchline refund')),
      'the refund e-mail',
    );
    // The check is owed again (the member may pay once it can be ordered).
    expect(
      (await send(member, 'GET', awaiting(member.profileLevelAccessId)))
        .json()
        .items.map((i: { name: string }) => i.name),
    ).toContain('Background check');
  });

  it('a card the provider does not know is a 400 on the card field, and charges nothing', async () => {
    const member = await newMember();
    const res = await send(member, 'POST', `${base}/bulk-payment`, {
      plaId: member.profileLevelAccessId,
      definitionIds: [defs.document],
      paymentMethodId: 'pm_doesnotexist',
    });
    expect(res.statusCode).toBe(400);
    expect(validationFields(res)).toEqual(['paymentMethodId']);
    expect(await cardFromBrowser('4242424242424242')).toMatch(/^pm_/);
  });
});
