import type { Customer, Invoice, Price, Subscription, SubscriptionItem } from './stripe-types.ts';
import { stripeId } from './stripe-ids.ts';

/** A new subscription object in Stripe's shape (the store decides the dates and the trial). */
export function subscriptionObject(p: {
  id: string;
  now: number;
  periodEnd: number;
  trialEnd: number | null;
  price: Price;
  customer: Customer;
  input: {
    defaultPaymentMethod?: string;
    metadata: Record<string, string>;
    missingPaymentMethod: 'cancel' | 'create_invoice' | 'pause';
  };
}): Subscription {
  const { id, now, periodEnd, trialEnd, price, customer, input } = p;
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { enabled: false },
    billing_cycle_anchor: periodEnd,
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    current_period_end: periodEnd,
    current_period_start: now,
    customer: customer.id,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discount: null,
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          billing_thresholds: null,
          created: now,
          current_period_end: periodEnd,
          current_period_start: now,
          metadata: {},
          price,
          quantity: 1,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    test_clock: customer.test_clock,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: input.missingPaymentMethod } },
    trial_start: trialEnd ? now : null,
  };
}

/** A new, finalized invoice object of one subscription period in Stripe's shape. */
export function invoiceObject(p: {
  id: string;
  number: string;
  customer: Customer;
  sub: Subscription;
  item: SubscriptionItem;
  productName: string;
  amount: number;
  start: number;
  end: number;
  reason: Invoice['billing_reason'];
  baseUrl: string;
}): Invoice {
  const { id, number, customer, sub, item, productName, amount, start, end, reason, baseUrl } = p;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe sandbox (Touchline)',
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { enabled: false, status: null },
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: start,
    currency: sub.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discount: null,
    discounts: [],
    due_date: null,
    ending_balance: null,
    hosted_invoice_url: `${baseUrl}/hosted/invoices/${id}`,
    invoice_pdf: `${baseUrl}/hosted/invoices/${id}/pdf`,
    last_finalization_error: null,
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount,
          currency: sub.currency,
          description: `1 × ${productName}${amount === 0 ? ' (trial)' : ''}`,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          livemode: false,
          metadata: {},
          period: { start, end },
          price: item.price,
          proration: false,
          quantity: 1,
          subscription: sub.id,
          type: 'subscription',
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number,
    paid: false,
    paid_out_of_band: false,
    payment_intent: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: end,
    period_start: start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    starting_balance: 0,
    status: 'open',
    status_transitions: {
      finalized_at: start,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subscription: sub.id,
    subtotal: amount,
    test_clock: sub.test_clock,
    total: amount,
    total_tax_amounts: [],
    webhooks_delivered_at: start,
  };
}
