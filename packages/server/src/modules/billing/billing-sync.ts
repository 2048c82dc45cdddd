import { and, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { cardBrandLabel } from '@touchline/contracts/billing';
import { recordAuditEvent } from '../../db/audit.ts';
import { billingAccounts, billingInformation, organizations } from '../../db/schema/index.ts';
import type { BillingSubscription } from '../../integrations/billing/port.ts';
import type { WebhookOutcome, WebhookProcessor } from '../../integrations/webhooks/webhook-inbox.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/outbox.ts';
import { findCatalogPlan } from '../plans/plans.service.ts';
import { billingEmailOf, dunningMail, remindGraceEnding } from './billing-dunning.ts';
import { billingPortOf } from './billing-port.ts';
import { enqueueStalePayments, syncMemberPayment } from './member-payments.settle.ts';

/** What billing's background work needs: the job deps (database, queue, integrations, log). */
export type BillingDeps = Pick<JobDeps, 'db' | 'jobs' | 'integrations' | 'log' | 'appUrl'>;
type Ctx = { correlationId?: string };

export { billingPortOf };

/**
 * Writes a subscription as the provider answered it onto the organization's account, in one transaction, and
 * acts on the change: going past due starts the grace period and queues the dunning e-mail (outbox); recovering
 * ends it. Webhooks, the card flow and the daily reconciliation all arrive here, so the effect is the same
 * whichever comes first, and applying the same state twice changes nothing.
 */
export async function applySubscription(
  deps: BillingDeps,
  sub: BillingSubscription,
  now = new Date(),
): Promise<WebhookOutcome> {
  return deps.db.transaction(async (tx) => {
    const match = sub.organizationId
      ? or(
          eq(billingAccounts.subscriptionId, sub.id),
          and(
            eq(billingAccounts.organizationId, sub.organizationId),
            eq(billingAccounts.customerId, sub.customerId),
          ),
        )
      : eq(billingAccounts.subscriptionId, sub.id);
    const [account] = await tx.select().from(billingAccounts).where(match).for('update');
    if (!account) return { outcome: 'ignored' as const };
    // A second subscription (a replaced plan) never overwrites the one the account follows.
    if (account.subscriptionId && account.subscriptionId !== sub.id) return { outcome: 'ignored' as const };
    const wasPastDue = account.subscriptionStatus === 'past_due';
    const pastDue = sub.status === 'past_due';
    await tx
      .update(billingAccounts)
      .set({
        subscriptionId: sub.id,
        subscriptionStatus: sub.status,
        vendorStatus: sub.vendorStatus,
        priceId: sub.priceId,
        trialEndsAt: sub.trialEnd,
        currentPeriodEndsAt: sub.currentPeriodEnd,
        cancelAt: sub.cancelAt,
        pastDueSince: pastDue ? (account.pastDueSince ?? now) : null,
        ...(pastDue ? {} : { dunningRemindedAt: null }),
        syncedAt: now,
        updatedAt: now,
      })
      .where(eq(billingAccounts.organizationId, account.organizationId));
    const audit = { userId: null, profileId: null, requestId: null };
    if (account.subscriptionStatus !== sub.status)
      await recordAuditEvent(tx, audit, {
        organizationId: account.organizationId,
        action: 'billing.subscription_status_changed',
        entityType: 'organization',
        entityId: account.organizationId,
        data: { from: account.subscriptionStatus, to: sub.status, subscriptionId: sub.id },
      });
    if (pastDue && !wasPastDue) {
      const to = await billingEmailOf(tx, account.organizationId);
      if (to) await queueMail(deps.jobs, tx, [dunningMail(to, deps.appUrl)]);
    }
    return { outcome: 'processed' as const, organizationId: account.organizationId };
  });
}

/** Re-reads a subscription from the provider and applies it (webhooks are hints). */
export async function syncSubscription(deps: BillingDeps, ctx: Ctx, subscriptionId: string) {
  return applySubscription(deps, await billingPortOf(deps).getSubscription(subscriptionId, ctx));
}

/**
 * Re-reads a card setup and, once it succeeded for one of our customers, makes its card the organization's (the
 * customer's and subscription's default; open invoices are paid with it) and stores it as shown. The browser's
 * save call and the `setup_intent.succeeded` webhook both arrive here; the second finds the card already saved.
 */
export async function syncCardSetup(
  deps: BillingDeps,
  ctx: Ctx,
  setupId: string,
  expectedOrganizationId?: string,
): Promise<WebhookOutcome & { status?: string; lastError?: string | null }> {
  const port = billingPortOf(deps);
  const setup = await port.getCardSetup(setupId, ctx);
  if (!setup.customerId) return { outcome: 'ignored' };
  const [account] = await deps.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, setup.customerId));
  if (!account || (expectedOrganizationId && account.organizationId !== expectedOrganizationId))
    return { outcome: 'ignored' };
  if (setup.status !== 'succeeded' || !setup.card)
    return {
      outcome: 'ignored',
      organizationId: account.organizationId,
      status: setup.status,
      lastError: setup.lastError,
    };
  const card = setup.card;
  if (account.cardPaymentMethodId !== card.paymentMethodId) {
    await port.useCard(
      {
        customerId: setup.customerId,
        subscriptionId: account.subscriptionId,
        paymentMethodId: card.paymentMethodId,
      },
      ctx,
    );
    await deps.db.transaction(async (tx) => {
      // The browser's save and the setup's webhook may both get here: the card is stored and audited once.
      const [changed] = await tx
        .update(billingAccounts)
        .set({
          cardPaymentMethodId: card.paymentMethodId,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(billingAccounts.organizationId, account.organizationId),
            or(
              isNull(billingAccounts.cardPaymentMethodId),
              ne(billingAccounts.cardPaymentMethodId, card.paymentMethodId),
            ),
          ),
        )
        .returning({ organizationId: billingAccounts.organizationId });
      if (!changed) return;
      await recordAuditEvent(
        tx,
        { userId: null, profileId: null, requestId: null },
        {
          organizationId: account.organizationId,
          action: 'billing.card_saved',
          entityType: 'organization',
          entityId: account.organizationId,
          data: { brand: cardBrandLabel(card.brand), last4: card.last4 },
        },
      );
    });
  }
  if (account.subscriptionId) await syncSubscription(deps, ctx, account.subscriptionId);
  return { outcome: 'processed', organizationId: account.organizationId, status: 'succeeded' };
}

/** Stripe's events, processed from the webhook inbox: each re-reads its object (or the subscription it bills). */
export const processStripeWebhook: WebhookProcessor = async (deps, event) => {
  const ctx = { correlationId: event.eventRowId };
  switch (event.objectType) {
    case 'subscription':
      return syncSubscription(deps, ctx, event.objectId);
    case 'invoice': {
      const invoice = await billingPortOf(deps).getInvoice(event.objectId, ctx);
      return invoice.subscriptionId
        ? syncSubscription(deps, ctx, invoice.subscriptionId)
        : { outcome: 'ignored' };
    }
    case 'payment_intent':
      return syncMemberPayment(deps, ctx, event.objectId);
    case 'setup_intent': {
      const { outcome, organizationId } = await syncCardSetup(deps, ctx, event.objectId);
      return { outcome, organizationId };
    }
    default:
      return { outcome: 'ignored' };
  }
};

/** The organization's customer at the provider: created once (keyed by the organization id) and stored. */
export async function ensureCustomer(deps: BillingDeps, ctx: Ctx, organizationId: string): Promise<string> {
  const [row] = await deps.db
    .select({ customerId: billingAccounts.customerId, name: organizations.name })
    .from(organizations)
    .leftJoin(billingAccounts, eq(billingAccounts.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`organization ${organizationId} not found`);
  if (row.customerId) return row.customerId;
  const email = await billingEmailOf(deps.db, organizationId);
  const { customerId } = await billingPortOf(deps).createCustomer(
    { organizationId, name: row.name, email },
    ctx,
  );
  await deps.db
    .insert(billingAccounts)
    .values({ organizationId, customerId })
    .onConflictDoUpdate({
      target: billingAccounts.organizationId,
      set: { customerId, updatedAt: new Date() },
    });
  return customerId;
}

/**
 * Starts a new organization's subscription after its creation commits (enqueued in that transaction): the
 * customer, the plan's prices, and the subscription on a trial with no card. Every call is keyed by the
 * organization's id, so a retried job finds what the first attempt created.
 */
export const startSubscriptionJob = defineJob({
  name: 'billing.start-subscription',
  payload: z.object({ organizationId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 10, maxDelaySeconds: 900 },
  async run(deps, { organizationId }, job) {
    // Enqueued only where a provider is configured: a worker without one fails loudly and the job is retried.
    const billing = { port: billingPortOf(deps), trialDays: deps.integrations.billing?.trialDays ?? 30 };
    const ctx = { correlationId: job.jobId };
    const [org] = await deps.db
      .select({ plan: organizations.planProductName, account: billingAccounts })
      .from(organizations)
      .leftJoin(billingAccounts, eq(billingAccounts.organizationId, organizations.id))
      .where(eq(organizations.id, organizationId));
    if (!org || org.account?.subscriptionId) return;
    const plan = org.plan ? await findCatalogPlan(deps.db, org.plan) : undefined;
    if (!plan) {
      deps.log.warn(
        { organizationId },
        'billing: the organization’s plan is not in the catalog; no subscription started',
      );
      return;
    }
    const customerId = await ensureCustomer(deps, ctx, organizationId);
    const prices = await billing.port.ensurePlanPrices(plan, ctx);
    const requested = org.account?.requestedPriceId;
    const priceId = requested === prices.year ? prices.year : prices.month;
    const sub = await billing.port.startSubscription(
      { organizationId, customerId, priceId, trialDays: billing.trialDays },
      ctx,
    );
    await applySubscription(deps, sub);
  },
});

/**
 * The daily reconciliation: every subscription that is not over is re-read and applied (a lost webhook is found
 * within a day), and an organization whose subscription never started has its start enqueued again.
 */
export const billingReconciliationJob = defineJob({
  name: 'billing.reconcile',
  payload: z.unknown(),
  cron: '17 4 * * *',
  async run(deps, _payload, job) {
    if (!deps.integrations.billing) return;
    const open = await deps.db
      .select({
        organizationId: billingAccounts.organizationId,
        subscriptionId: billingAccounts.subscriptionId,
      })
      .from(billingAccounts)
      .where(
        and(isNotNull(billingAccounts.subscriptionId), ne(billingAccounts.subscriptionStatus, 'canceled')),
      );
    let failed = 0;
    for (const row of open) {
      try {
        await syncSubscription(deps, { correlationId: job.jobId }, row.subscriptionId!);
      } catch (err) {
        failed += 1;
        deps.log.warn(
          { err, organizationId: row.organizationId },
          'billing reconciliation could not re-read a subscription',
        );
      }
    }
    const stale = new Date(Date.now() - 3_600_000);
    const notStarted = await deps.db
      .select({ organizationId: billingAccounts.organizationId })
      .from(billingAccounts)
      .where(and(isNull(billingAccounts.subscriptionId), lt(billingAccounts.createdAt, stale)));
    for (const row of notStarted)
      await deps.jobs.enqueue(
        deps.db,
        startSubscriptionJob,
        { organizationId: row.organizationId },
        {
          key: `reconcile-${row.organizationId}-${new Date().toISOString().slice(0, 10)}`,
        },
      );
    const reminded = await remindGraceEnding(deps);
    const payments = await enqueueStalePayments(deps);
    deps.log.info(
      { reconciled: open.length, failed, restarted: notStarted.length, reminded, payments },
      'billing reconciliation done',
    );
    if (failed > 0 && failed === open.length)
      throw new Error('billing reconciliation failed for every subscription');
  },
});

/** Mirrors the billing information onto the customer after it is saved (enqueued in that transaction). */
export const mirrorCustomerJob = defineJob({
  name: 'billing.mirror-customer',
  payload: z.object({ organizationId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 10, maxDelaySeconds: 900 },
  async run(deps, { organizationId }, job) {
    const ctx = { correlationId: job.jobId };
    const [info] = await deps.db
      .select()
      .from(billingInformation)
      .where(eq(billingInformation.organizationId, organizationId));
    if (!info) return;
    const customerId = await ensureCustomer(deps, ctx, organizationId);
    await billingPortOf(deps).updateCustomer(
      customerId,
      {
        name: info.companyName,
        email: info.billingEmail,
        address: {
          line1: info.addressLine1,
          line2: info.addressLine2,
          city: info.city,
          state: info.state,
          postalCode: info.postalCode,
          country: info.countryCode,
        },
        taxId: info.taxId,
        companyType: info.companyType,
      },
      ctx,
    );
  },
});
