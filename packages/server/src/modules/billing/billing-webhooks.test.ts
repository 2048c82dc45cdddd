import { asc, eq } from 'drizzle-orm';
import { signStripeWebhook } from '@touchline/sandbox/stripe/stripe-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { eventually } from '../../../test/mail.ts';
import { billingAccounts, mailOutbox, paymentPlans, webhookEvents } from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { billingReconciliationJob } from './billing-sync.ts';

import {
  call,
  day,
  integrations,
  job,
  keys,
  sandbox,
  saveCard,
  subscribedOrganization,
  t,
  useBillingWorld,
} from './billing.test-support.ts';

useBillingWorld();

describe('subscription states arrive as signed Stripe webhooks through the inbox', () => {
  beforeAll(async () => {
    const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    sandbox.webhooks.addEndpoint(`${appUrl}/api/webhooks/stripe`);
    sandbox.webhooks.configure({ duplicates: 1 });
    await t.app.jobs.startWorkers(jobDepsOf(t.app));
  });

  it('the creation wizard’s plan step starts the trial after commit, on the yearly price it named', async () => {
    const email = 'founder@billing.example.org';
    await t.createUser({ email });
    const tokens = await t.signIn(email);
    const { year } = await integrations.billing!.port.ensurePlanPrices(
      (await t.database.db.select().from(paymentPlans).where(eq(paymentPlans.productName, 'Basic')))[0]!,
      {},
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/organization',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: {
        general: { name: 'Founders FC', countryCode: 'US', stateCode: 'WA', cityName: 'Seattle' },
        admin: { firstName: 'Fran', lastName: 'Founder', email },
        plan: { productName: 'Basic' },
        paySubscriptionOrganization: { billingEmail: 'billing@founders.example.org', priceIdStripe: year },
        roleRequirements: [
          {
            roleLabel: 'Player',
            roleRequirementsIds: [],
            paidRoleRequirementsIds: [],
            requirementsDueDate: null,
            isDefault: true,
          },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const organizationId = res.json().id as string;
    const account = async () =>
      (
        await t.database.db
          .select()
          .from(billingAccounts)
          .where(eq(billingAccounts.organizationId, organizationId))
      )[0];
    await eventually(
      async () => (await account())?.subscriptionStatus === 'trialing',
      'the trial started by the job',
    );
    expect(await account()).toMatchObject({
      requestedPriceId: year,
      priceId: year,
      cardPaymentMethodId: null,
    });
    const customer = [...sandbox.store.customers.values()].find(
      (c) => c.metadata.organization_id === organizationId,
    );
    expect(customer?.email).toBe('billing@founders.example.org');
  });

  it('refuses a delivery not signed with the endpoint secret', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_x', object: 'subscription' } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripeWebhook('whsec_other', body),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
  });

  it('a failing card makes the organization past due (one dunning e-mail, duplicates stored once); a good card recovers it', async () => {
    const late = await subscribedOrganization('Late FC');
    expect((await saveCard(late.admin, late.org.id, '4000000000000341')).statusCode).toBe(200);
    await sandbox.clock.advance(31 * day);
    const status = async () =>
      (await call('GET', `/api/app/organization/${late.org.id}/billing`, late.admin)).json();
    await eventually(async () => (await status()).status === 'past_due', 'past due from webhooks');
    const pastDue = await status();
    expect(new Date(pastDue.graceEndsAt).getTime() - new Date(pastDue.pastDueSince).getTime()).toBe(14 * day);
    await sandbox.webhooks.idle();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `billing@${late.org.id}.example.org`));
    expect(mails.map((m) => m.subject)).toEqual(['Your Touchline payment did not go through']);
    // Eleven days on, three are left: the daily run reminds once, however often it runs.
    await t.database.db
      .update(billingAccounts)
      .set({ pastDueSince: new Date(Date.now() - 11 * day) })
      .where(eq(billingAccounts.organizationId, late.org.id));
    await billingReconciliationJob.run(jobDepsOf(t.app), {}, job);
    await billingReconciliationJob.run(jobDepsOf(t.app), {}, job);
    // In the order they were queued: a select without ORDER BY has none (PostgreSQL returned them swapped once).
    const reminders = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `billing@${late.org.id}.example.org`))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
    expect(reminders.map((m) => m.subject)).toEqual([
      'Your Touchline payment did not go through',
      'Your Touchline subscription is about to end',
    ]);
    const rows = await t.database.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'stripe'));
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);
    expect(sandbox.webhooks.deliveries().length).toBeGreaterThan(rows.length);

    expect((await saveCard(late.admin, late.org.id, '4242424242424242')).json()).toMatchObject({
      status: 'active',
      pastDueSince: null,
    });
    const [recovered] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, late.org.id));
    expect(recovered).toMatchObject({ pastDueSince: null, dunningRemindedAt: null });
    await sandbox.webhooks.idle();
    await eventually(async () => (await status()).status === 'active', 'still active after the webhooks');
  });
  it('out-of-order and replayed events leave what Stripe says now: each re-reads the subscription', async () => {
    const late = await subscribedOrganization('Reorder FC');
    expect((await saveCard(late.admin, late.org.id, '4242424242424242')).statusCode).toBe(200);
    await sandbox.webhooks.idle();
    const subscriptionId = [...sandbox.store.subscriptions.values()].find(
      (sub) => sub.metadata.organization_id === late.org.id,
    )!.id;
    const updates = [...sandbox.store.events.values()].filter(
      (e) =>
        e.type.startsWith('customer.subscription.') &&
        (e.data.object as { id: string }).id === subscriptionId,
    );
    const oldest = updates[0]!;
    expect((oldest.data.object as { status: string }).status).toBe('trialing');
    // Stripe cancels it meanwhile (not through us), then the oldest event arrives again, late, freshly signed.
    sandbox.store.cancelSubscription(sandbox.store.subscriptions.get(subscriptionId)!);
    const newest = [...sandbox.store.events.values()].at(-1)!;
    const deliver = async (event: unknown) => {
      const body = JSON.stringify(event);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripeWebhook(keys.webhookSecret, body),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { duplicate: boolean };
    };
    await sandbox.webhooks.idle();
    expect(await deliver(newest)).toEqual({ received: true, duplicate: true });
    expect(await deliver(oldest)).toEqual({ received: true, duplicate: true });
    const status = async () =>
      (
        await t.database.db
          .select()
          .from(billingAccounts)
          .where(eq(billingAccounts.organizationId, late.org.id))
      )[0]?.subscriptionStatus;
    await eventually(async () => (await status()) === 'canceled', 'the cancellation, whatever the order');
    const stale = { ...oldest, id: `evt_replayed_${Date.now()}` };
    expect(await deliver(stale)).toEqual({ received: true, duplicate: false });
    await eventually(
      async () =>
        (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, stale.id)))[0]
          ?.state === 'processed',
      'the late event processed',
    );
    expect(await status()).toBe('canceled');
  });
});

describe('the content security policy admits the card form’s provider, and nothing more', () => {
  // The sandbox's origin is admitted when main points billing at it (the browser journey posts the card there).
  it('with Stripe configured: Stripe.js, its API and its frames; without: none of Stripe', async () => {
    expect((await t.app.inject('/healthz')).headers['content-security-policy']).not.toContain('stripe.com');
    const live = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_live_not_a_real_key',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_not_a_real_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_a_real_secret',
    });
    try {
      const policy = String((await live.app.inject('/healthz')).headers['content-security-policy']);
      expect(policy).toContain("script-src 'self' https://js.stripe.com");
      expect(policy).toContain("connect-src 'self' https://api.stripe.com");
      expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    } finally {
      await live.close();
    }
  });
});
