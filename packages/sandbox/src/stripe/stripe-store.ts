import { badParam, stripeError } from './stripe-errors.ts';
import { addInterval, stripeId } from './stripe-ids.ts';
import { invoiceObject, subscriptionObject } from './stripe-objects.ts';
import { StripeAccount, dayS } from './stripe-account.ts';
import { declineOf, errorOf } from './stripe-errors.ts';
import type { Customer, Invoice, Price, Subscription, SubscriptionStatus } from './stripe-types.ts';

export { sandboxApiVersion } from './stripe-account.ts';

const retrySchedule = [3, 5, 7];

/**
 * The sandbox account with the billing engine that moves it through time: subscriptions end their trials, renew
 * each period, charge the saved card (by its test number's documented behaviour), go past due and are retried on a
 * schedule, and every change is an event. Time is the sandbox clock, or a test clock for customers created on one.
 */
export class StripeStore extends StripeAccount {
  createSubscription(input: {
    customer: Customer;
    price: Price;
    trialDays?: number;
    trialEnd?: number;
    defaultPaymentMethod?: string;
    metadata: Record<string, string>;
    missingPaymentMethod: 'cancel' | 'create_invoice' | 'pause';
  }): Subscription {
    const { customer, price } = input;
    if (!price.recurring)
      throw badParam('items[0][price]', 'The price must be recurring for a subscription.');
    const now = this.nowFor(customer.id);
    const trialEnd = input.trialEnd ?? (input.trialDays ? now + input.trialDays * dayS : null);
    const id = stripeId('sub');
    const periodEnd = trialEnd ?? addInterval(now, price.recurring.interval, price.recurring.interval_count);
    const sub = subscriptionObject({ id, now, periodEnd, trialEnd, price, customer, input });
    this.subscriptions.set(id, sub);
    const invoice = this.createInvoice(
      sub,
      trialEnd ? 0 : price.unit_amount,
      now,
      periodEnd,
      'subscription_create',
    );
    this.event('customer.subscription.created', sub);
    this.collect(sub, invoice, now);
    return sub;
  }

  /** Cancels at once (DELETE /v1/subscriptions/{id}). */
  cancelSubscription(sub: Subscription, reason = 'cancellation_requested'): Subscription {
    if (sub.status === 'canceled') return sub;
    const now = this.nowFor(sub.customer);
    sub.status = 'canceled';
    sub.canceled_at = now;
    sub.ended_at = now;
    sub.cancellation_details.reason = reason;
    for (const invoice of this.invoices.values())
      if (invoice.subscription === sub.id && invoice.status === 'open') invoice.next_payment_attempt = null;
    this.event('customer.subscription.deleted', sub);
    return sub;
  }

  private createInvoice(
    sub: Subscription,
    amount: number,
    start: number,
    end: number,
    reason: Invoice['billing_reason'],
  ): Invoice {
    const customer = this.customers.get(sub.customer)!;
    const item = sub.items.data[0]!;
    const id = stripeId('in');
    const invoice = invoiceObject({
      id,
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      customer,
      sub,
      item,
      productName: this.products.get(item.price.product)?.name ?? 'Plan',
      amount,
      start,
      end,
      reason,
      baseUrl: this.baseUrl(),
    });
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    this.event('invoice.created', invoice);
    this.event('invoice.finalized', invoice);
    return invoice;
  }

  /** Tries to collect an open invoice with the subscription's or customer's default card. */
  collect(sub: Subscription, invoice: Invoice, now: number): boolean {
    if (invoice.status !== 'open') return invoice.status === 'paid';
    const previous = sub.status;
    if (invoice.amount_due === 0) {
      this.markPaid(invoice, now);
    } else {
      const customer = this.customers.get(sub.customer)!;
      const pmId = sub.default_payment_method ?? customer.invoice_settings.default_payment_method;
      const card = pmId ? this.cards.get(pmId) : undefined;
      invoice.attempt_count += 1;
      invoice.attempted = true;
      const pi = this.newPaymentIntent({
        amount: invoice.amount_due,
        currency: invoice.currency,
        customer: customer.id,
        paymentMethod: pmId ?? null,
        metadata: {},
        description: `Invoice ${invoice.number}`,
        invoice: invoice.id,
        receiptEmail: null,
        now,
      });
      invoice.payment_intent = pi.id;
      if (card && card.charge === 'succeeds') {
        this.succeedPayment(pi);
        this.markPaid(invoice, now);
      } else {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = card
          ? declineOf(card)
          : errorOf('payment_intent_payment_attempt_failed', 'The customer has no default payment method.');
        this.event('payment_intent.payment_failed', pi);
        const retryDays = retrySchedule[invoice.attempt_count - 1];
        invoice.next_payment_attempt = retryDays === undefined ? null : now + retryDays * dayS;
        this.event('invoice.payment_failed', invoice);
        if (sub.status !== 'canceled') sub.status = sub.status === 'incomplete' ? 'incomplete' : 'past_due';
        if (retryDays === undefined && sub.status === 'past_due')
          this.cancelSubscription(sub, 'payment_failed');
      }
    }
    const paid = (invoice.status as Invoice['status']) === 'paid';
    if (paid && sub.status !== 'canceled' && !(sub.trial_end && now < sub.trial_end)) sub.status = 'active';
    if (sub.status !== previous) this.event('customer.subscription.updated', sub);
    return paid;
  }

  private markPaid(invoice: Invoice, now: number): void {
    invoice.status = 'paid';
    invoice.paid = true;
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.ending_balance = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = now;
    this.event('invoice.paid', invoice);
    this.event('invoice.payment_succeeded', invoice);
  }

  payInvoice(invoice: Invoice): Invoice {
    const sub = this.get(this.subscriptions, 'subscription', invoice.subscription);
    if (invoice.status === 'paid')
      throw stripeError(400, 'invalid_request_error', 'Invoice is already paid', {
        code: 'invoice_already_paid',
      });
    const paid = this.collect(sub, invoice, this.nowFor(sub.customer));
    if (!paid) {
      const pi = invoice.payment_intent ? this.paymentIntents.get(invoice.payment_intent) : undefined;
      throw stripeError(402, 'card_error', pi?.last_payment_error?.message ?? 'Your card was declined.', {
        code: 'card_declined',
        decline_code: pi?.last_payment_error?.decline_code ?? 'generic_decline',
      });
    }
    return invoice;
  }

  /**
   * Brings every subscription of the given time line (a test clock, or null for the sandbox clock) up to `now`:
   * trials end, periods renew and are invoiced and charged, open invoices are retried on Stripe's schedule.
   */
  catchUp(clockId: string | null, now: number): void {
    for (const sub of this.subscriptions.values()) {
      if (sub.test_clock !== clockId) continue;
      for (let guard = 0; guard < 60; guard++) {
        if (sub.status === 'canceled' || sub.status === 'incomplete' || sub.status === 'paused') break;
        this.retryOpenInvoices(sub, now);
        if ((sub.status as SubscriptionStatus) === 'canceled' || sub.current_period_end > now) break;
        this.renew(sub);
      }
    }
  }

  private retryOpenInvoices(sub: Subscription, now: number): void {
    for (const invoice of this.invoices.values()) {
      if (invoice.subscription !== sub.id || invoice.status !== 'open') continue;
      if (invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= now)
        this.collect(sub, invoice, invoice.next_payment_attempt);
    }
  }

  private renew(sub: Subscription): void {
    const item = sub.items.data[0]!;
    const recurring = item.price.recurring!;
    const start = sub.current_period_end;
    const customer = this.customers.get(sub.customer)!;
    const hasCard = Boolean(sub.default_payment_method ?? customer.invoice_settings.default_payment_method);
    const trialEnding = sub.status === 'trialing';
    if (
      trialEnding &&
      !hasCard &&
      sub.trial_settings.end_behavior.missing_payment_method !== 'create_invoice'
    ) {
      if (sub.trial_settings.end_behavior.missing_payment_method === 'cancel')
        this.cancelSubscription(sub, 'cancellation_requested');
      else {
        sub.status = 'paused';
        this.event('customer.subscription.paused', sub);
      }
      return;
    }
    const end = addInterval(start, recurring.interval, recurring.interval_count);
    sub.current_period_start = start;
    sub.current_period_end = end;
    item.current_period_start = start;
    item.current_period_end = end;
    if (trialEnding) sub.status = 'active';
    const invoice = this.createInvoice(sub, item.price.unit_amount, start, end, 'subscription_cycle');
    this.collect(sub, invoice, start);
    if (trialEnding) this.event('customer.subscription.updated', sub);
  }
}
