import { and, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney, type MemberPayment } from '@touchline/contracts/member-payments';
import type { RequirementType } from '@touchline/contracts/requirement-types';
import { recordAuditEvent, type AuditActor } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { memberPaymentItems, memberPayments, requirementDefinitions } from '../../db/schema/index.ts';
import { CardDeclined, type BillingPayment } from '../../integrations/billing/port.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { escapeHtml } from '../../mail/html.ts';
import { queueMail } from '../../mail/outbox.ts';
import { billingPortOf } from './billing-port.ts';

// Settling member payments (ADR 031): the provider's answer, a webhook (re-read), the settle job and the daily
// reconciliation all arrive at applyMemberPayment, which moves a payment out of `pending` once, under a row lock.

/** What settling needs. */
export type SettleDeps = Pick<JobDeps, 'db' | 'jobs' | 'integrations' | 'log' | 'appUrl'>;

const systemActor: AuditActor = { userId: null, profileId: null, requestId: null };

/** The metadata key that ties a PaymentIntent to our payment. */
export const paymentMetadataKey = 'touchline_member_payment_id';

/** A payment with its items, as the API shows it. */
export async function presentPayment(db: Executor, paymentId: string): Promise<MemberPayment> {
  const [payment] = await db.select().from(memberPayments).where(eq(memberPayments.id, paymentId));
  if (!payment) throw new Error(`member payment ${paymentId} not found`);
  const items = await db
    .select()
    .from(memberPaymentItems)
    .where(eq(memberPaymentItems.paymentId, paymentId))
    .orderBy(memberPaymentItems.name);
  return {
    id: payment.id,
    status: payment.status as MemberPayment['status'],
    amount: payment.amount,
    currency: payment.currency,
    refundedAmount: payment.refundedAmount,
    items: items.map((i) => ({
      definitionId: i.definitionId,
      name: i.name,
      amount: i.amount,
      state: i.state as MemberPayment['items'][number]['state'],
    })),
    receiptEmail: payment.receiptQueuedAt ? payment.receiptEmail : null,
    failureMessage: payment.failureMessage,
    createdAt: payment.createdAt.toISOString(),
  };
}

function receiptMail(
  to: string,
  payment: { id: string; amount: number; currency: string; vendorPaymentId: string | null },
  items: readonly { name: string; amount: number }[],
  sandbox: boolean,
  appUrl: string,
) {
  const money = (n: number) => formatMoney(n, payment.currency);
  const lines = items.map((i) => `${i.name}: ${money(i.amount)}`);
  const note = sandbox ? '\n\nStripe sandbox: this was a test payment; no money moved.' : '';
  const link = `${appUrl}/my-requirements`;
  return {
    to,
    subject: `Your Touchline receipt: ${money(payment.amount)}`,
    text: `Thank you for your payment.\n\n${lines.join('\n')}\nTotal: ${money(payment.amount)}\n\nReference: ${payment.vendorPaymentId ?? payment.id}\nYour requirements: ${link}${note}`,
    html: `<p>Thank you for your payment.</p><ul>${items.map((i) => `<li>${escapeHtml(i.name)}: ${escapeHtml(money(i.amount))}</li>`).join('')}</ul><p><strong>Total: ${escapeHtml(money(payment.amount))}</strong></p><p>Reference: ${escapeHtml(payment.vendorPaymentId ?? payment.id)}</p><p><a href="${escapeHtml(link)}">Your requirements</a></p>${sandbox ? '<p>Stripe sandbox: this was a test payment; no money moved.</p>' : ''}`,
  };
}

/** Refunds one paid item through the port (from the outbox, so a refund decided in a transaction always happens). */
export const refundMemberPaymentItemJob = defineJob({
  name: 'billing.refund-member-payment-item',
  payload: z.object({ itemId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 10, maxDelaySeconds: 900 },
  async run(deps, { itemId }, job) {
    const [row] = await deps.db
      .select({ item: memberPaymentItems, payment: memberPayments })
      .from(memberPaymentItems)
      .innerJoin(memberPayments, eq(memberPayments.id, memberPaymentItems.paymentId))
      .where(eq(memberPaymentItems.id, itemId));
    if (!row || row.item.state !== 'refunding' || !row.payment.vendorPaymentId) return;
    const refund = await billingPortOf(deps).refund(
      { paymentId: row.payment.vendorPaymentId, amount: row.item.amount, key: `member-item-${itemId}` },
      { correlationId: job.jobId },
    );
    await deps.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(memberPaymentItems)
        .set({ state: 'refunded', refundId: refund.refundId, updatedAt: new Date() })
        .where(and(eq(memberPaymentItems.id, itemId), eq(memberPaymentItems.state, 'refunding')))
        .returning({ id: memberPaymentItems.id });
      if (!changed) return;
      const open = await tx
        .select({ id: memberPaymentItems.id })
        .from(memberPaymentItems)
        .where(
          and(
            eq(memberPaymentItems.paymentId, row.payment.id),
            inArray(memberPaymentItems.state, ['pending', 'paid', 'used', 'refunding']),
          ),
        );
      const [payment] = await tx
        .select()
        .from(memberPayments)
        .where(eq(memberPayments.id, row.payment.id))
        .for('update');
      await tx
        .update(memberPayments)
        .set({
          refundedAmount: payment!.refundedAmount + refund.amount,
          ...(open.length === 0 ? { status: 'refunded' } : {}),
          updatedAt: new Date(),
        })
        .where(eq(memberPayments.id, row.payment.id));
      await recordAuditEvent(tx, systemActor, {
        organizationId: row.payment.organizationId,
        action: 'member_payment.refunded',
        entityType: 'member_payment',
        entityId: row.payment.id,
        data: { itemId, amount: refund.amount, refundId: refund.refundId },
      });
      if (row.payment.receiptEmail) {
        const money = formatMoney(refund.amount, row.payment.currency);
        await queueMail(deps.jobs, tx, [
          {
            to: row.payment.receiptEmail,
            subject: `Your Touchline refund: ${money}`,
            text: `We refunded ${money} for “${row.item.name}”: it could not be started. The refund reaches your card in a few days.`,
            html: `<p>We refunded ${escapeHtml(money)} for “${escapeHtml(row.item.name)}”: it could not be started. The refund reaches your card in a few days.</p>`,
          },
        ]);
      }
    });
  },
});

/**
 * The paid work of a requirement failed for good after it had started (the vendor refused the order, or the order
 * job's retries ran out): its used payment items become `refunding`, each refunded through the outbox by
 * `billing.refund-member-payment-item` (keyed by the item; the refund e-mail goes with it), in the caller's
 * transaction. Answers what is refunded, for the requirement's history.
 */
export async function refundFailedPaidWork(
  deps: Pick<SettleDeps, 'jobs'>,
  tx: Executor,
  input: { organizationId: string; memberRequirementId: string },
): Promise<{ refundItemIds: string[]; refundAmount: number; refundCurrency: string | null }> {
  const items = await tx
    .update(memberPaymentItems)
    .set({ state: 'refunding', updatedAt: new Date() })
    .where(
      and(
        eq(memberPaymentItems.organizationId, input.organizationId),
        eq(memberPaymentItems.memberRequirementId, input.memberRequirementId),
        eq(memberPaymentItems.state, 'used'),
      ),
    )
    .returning();
  for (const item of items)
    await deps.jobs.enqueue(
      tx,
      refundMemberPaymentItemJob,
      { itemId: item.id },
      { key: `refund-${item.id}` },
    );
  const [first] = items.length
    ? await tx
        .select({ currency: memberPayments.currency })
        .from(memberPayments)
        .where(eq(memberPayments.id, items[0]!.paymentId))
    : [];
  return {
    refundItemIds: items.map((i) => i.id),
    refundAmount: items.reduce((sum, i) => sum + i.amount, 0),
    refundCurrency: first?.currency ?? null,
  };
}

/**
 * Starts the work of one paid item (the type's starter) and records what became of it: `used` once started,
 * still `paid` while the work waits (or the type has nothing to start), `refunding` (with its refund job, in the
 * same transaction) when the work can no longer start.
 */
export async function settleItem(
  deps: Pick<SettleDeps, 'integrations' | 'jobs'>,
  tx: Executor,
  item: typeof memberPaymentItems.$inferSelect,
  type: RequirementType,
  actor: AuditActor,
  organizationId = item.organizationId,
): Promise<void> {
  const starter = deps.integrations.paidWork[type];
  const outcome = starter
    ? await starter(deps, tx, { organizationId, memberRequirementId: item.memberRequirementId, actor })
    : 'waiting';
  const state = outcome === 'started' ? 'used' : outcome === 'waiting' ? 'paid' : 'refunding';
  await tx
    .update(memberPaymentItems)
    .set({ state, updatedAt: new Date() })
    .where(eq(memberPaymentItems.id, item.id));
  if (state === 'refunding')
    await deps.jobs.enqueue(
      tx,
      refundMemberPaymentItemJob,
      { itemId: item.id },
      { key: `refund-${item.id}` },
    );
}

/**
 * Writes the provider's answer about a payment, once: `succeeded` marks its items paid, queues the receipt, and
 * starts the paid work (a check that can no longer start is refunded through the outbox); `declined` releases the
 * items so the member can pay again; `pending` only records the provider's id. A payment already settled is left
 * as it is (a late or repeated webhook changes nothing).
 */
export async function applyMemberPayment(
  deps: SettleDeps,
  paymentId: string,
  result: BillingPayment,
  actor: AuditActor = systemActor,
): Promise<'applied' | 'unchanged'> {
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(memberPayments)
      .where(eq(memberPayments.id, paymentId))
      .for('update');
    if (!payment) return 'unchanged';
    if (payment.status !== 'pending' || result.status === 'pending') {
      if (!payment.vendorPaymentId && result.id)
        await tx
          .update(memberPayments)
          .set({ vendorPaymentId: result.id, updatedAt: new Date() })
          .where(eq(memberPayments.id, paymentId));
      if (payment.status === 'failed' && result.status === 'succeeded')
        deps.log.error(
          { paymentId, vendorPaymentId: result.id },
          'member payment: the provider charged a payment we recorded as failed; refund it by hand',
        );
      return 'unchanged';
    }
    const now = new Date();
    const audit = {
      organizationId: payment.organizationId,
      entityType: 'member_payment',
      entityId: paymentId,
    };
    if (result.status === 'declined') {
      await tx
        .update(memberPayments)
        .set({
          status: 'failed',
          vendorPaymentId: result.id || null,
          failureMessage: result.declineReason,
          updatedAt: now,
        })
        .where(eq(memberPayments.id, paymentId));
      await tx
        .update(memberPaymentItems)
        .set({ state: 'released', updatedAt: now })
        .where(eq(memberPaymentItems.paymentId, paymentId));
      await recordAuditEvent(tx, actor, {
        ...audit,
        action: 'member_payment.failed',
        data: { reason: result.declineReason },
      });
      return 'applied';
    }
    const items = await tx
      .select({ item: memberPaymentItems, type: requirementDefinitions.type })
      .from(memberPaymentItems)
      .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberPaymentItems.definitionId))
      .where(eq(memberPaymentItems.paymentId, paymentId));
    await tx
      .update(memberPayments)
      .set({
        status: 'succeeded',
        vendorPaymentId: result.id,
        receiptQueuedAt: payment.receiptEmail ? now : null,
        updatedAt: now,
      })
      .where(eq(memberPayments.id, paymentId));
    for (const { item, type } of items)
      await settleItem(deps, tx, item, type as RequirementType, actor, payment.organizationId);
    await recordAuditEvent(tx, actor, {
      ...audit,
      action: 'member_payment.succeeded',
      data: { amount: payment.amount, currency: payment.currency, vendorPaymentId: result.id },
    });
    if (payment.receiptEmail)
      await queueMail(deps.jobs, tx, [
        receiptMail(
          payment.receiptEmail,
          { ...payment, vendorPaymentId: result.id },
          items.map((i) => i.item),
          billingPortOf(deps).sandbox,
          deps.appUrl,
        ),
      ]);
    return 'applied';
  });
}

/**
 * Asks the provider again about a payment left pending (the provider did not answer): the same charge with the
 * same idempotency key, which the provider answers from its record of the first (never a second charge).
 */
export const settleMemberPaymentJob = defineJob({
  name: 'billing.settle-member-payment',
  payload: z.object({ paymentId: z.uuid() }),
  retry: { limit: 10, delaySeconds: 30, maxDelaySeconds: 3600 },
  async run(deps, { paymentId }, job) {
    const [payment] = await deps.db.select().from(memberPayments).where(eq(memberPayments.id, paymentId));
    if (!payment || payment.status !== 'pending') return;
    const port = billingPortOf(deps);
    const ctx = { correlationId: job.jobId };
    try {
      const result = payment.vendorPaymentId
        ? await port.getPayment(payment.vendorPaymentId, ctx)
        : await port.charge(chargeOf(payment), ctx);
      await applyMemberPayment(deps, paymentId, result);
    } catch (error) {
      if (!(error instanceof CardDeclined)) throw error;
      await applyMemberPayment(deps, paymentId, {
        id: payment.vendorPaymentId ?? '',
        status: 'declined',
        amount: payment.amount,
        currency: payment.currency,
        declineReason: error.message,
        metadata: {},
      });
    }
  },
});

/** The one charge of a payment: always the same input and key, so the provider makes it once. */
export function chargeOf(payment: typeof memberPayments.$inferSelect) {
  return {
    key: `member-${payment.id}`,
    customerId: null,
    paymentMethodId: payment.paymentMethodId,
    amount: payment.amount,
    currency: payment.currency.trim(),
    description: 'Touchline requirements',
    metadata: { [paymentMetadataKey]: payment.id, organization_id: payment.organizationId },
    receiptEmail: null,
  };
}

/** A PaymentIntent's webhook: re-read it and settle the payment it belongs to (ours by its metadata). */
export async function syncMemberPayment(
  deps: SettleDeps,
  ctx: { correlationId?: string },
  vendorPaymentId: string,
) {
  const result = await billingPortOf(deps).getPayment(vendorPaymentId, ctx);
  const paymentId = result.metadata[paymentMetadataKey];
  if (!paymentId || !z.uuid().safeParse(paymentId).success) return { outcome: 'ignored' as const };
  const [payment] = await deps.db
    .select({ organizationId: memberPayments.organizationId })
    .from(memberPayments)
    .where(eq(memberPayments.id, paymentId));
  if (!payment) return { outcome: 'ignored' as const };
  await applyMemberPayment(deps, paymentId, result);
  return { outcome: 'processed' as const, organizationId: payment.organizationId };
}

/** Payments still pending after an hour (the daily reconciliation settles them). */
export async function enqueueStalePayments(deps: SettleDeps, now = new Date()): Promise<number> {
  const stale = await deps.db
    .select({ id: memberPayments.id })
    .from(memberPayments)
    .where(
      and(
        eq(memberPayments.status, 'pending'),
        lt(memberPayments.updatedAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  for (const { id } of stale)
    await deps.jobs.enqueue(
      deps.db,
      settleMemberPaymentJob,
      { paymentId: id },
      {
        key: `settle-${id}-${now.toISOString().slice(0, 10)}`,
      },
    );
  return stale.length;
}
