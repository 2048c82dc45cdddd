import { createHash } from 'node:crypto';
import { testCardFor, testPaymentMethodTokens, type TestCard } from './stripe-cards.ts';
import { badParam, declineOf, errorOf, missing, stripeError } from './stripe-errors.ts';
import { stripeId, unix } from './stripe-ids.ts';
import type {
  Address,
  Customer,
  Invoice,
  PaymentIntent,
  PaymentMethod,
  Price,
  Product,
  Refund,
  SetupIntent,
  StripeEvent,
  StripeObject,
  Subscription,
  TestClock,
} from './stripe-types.ts';

/** The API version the sandbox stamps on events (the SDK's pinned one is sent in each request's header). */
export const sandboxApiVersion = '2023-08-16';

/** Seconds in a day. */
export const dayS = 86_400;

/**
 * The sandbox account's objects without the passing of time: customers, cards, SetupIntents, PaymentIntents,
 * refunds and the events each change sends. StripeStore adds subscriptions and invoices on top.
 */
export class StripeAccount {
  readonly customers = new Map<string, Customer>();
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly refunds = new Map<string, Refund>();
  readonly events = new Map<string, StripeEvent>();
  readonly testClocks = new Map<string, TestClock>();
  /** The test card behind each payment method (never part of the object, as Stripe never returns a number). */
  readonly cards = new Map<string, TestCard>();

  constructor(
    private readonly sandboxNow: () => Date,
    protected readonly baseUrl: () => string,
    private readonly emit: (event: StripeEvent) => void,
  ) {}

  /** The time a customer lives in: its test clock's frozen time, or the sandbox clock. */
  nowFor(customerId: string | null): number {
    const clockId = customerId ? this.customers.get(customerId)?.test_clock : null;
    const clock = clockId ? this.testClocks.get(clockId) : undefined;
    return clock ? clock.frozen_time : unix(this.sandboxNow());
  }

  /** Records and sends an event carrying a snapshot of the object. */
  event(type: string, object: StripeObject, idempotencyKey: string | null = null): void {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: sandboxApiVersion,
      created: unix(this.sandboxNow()),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: idempotencyKey ? stripeId('req') : null, idempotency_key: idempotencyKey },
      type,
    };
    this.events.set(event.id, event);
    this.emit(event);
  }

  get<T extends StripeObject>(map: Map<string, T>, kind: string, id: string, param = 'id'): T {
    const found = map.get(id);
    if (!found) throw missing(kind, id, param);
    return found;
  }

  createCustomer(input: {
    name?: string;
    email?: string;
    address?: Address | null;
    metadata: Record<string, string>;
    testClock?: string;
  }): Customer {
    if (input.testClock) this.get(this.testClocks, 'test_clock', input.testClock, 'test_clock');
    const customer: Customer = {
      id: stripeId('cus'),
      object: 'customer',
      address: input.address ?? null,
      balance: 0,
      created: input.testClock ? this.testClocks.get(input.testClock)!.frozen_time : unix(this.sandboxNow()),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      discount: null,
      email: input.email ?? null,
      invoice_prefix: createHash('sha256')
        .update(String(Math.random()))
        .digest('hex')
        .slice(0, 8)
        .toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: input.metadata,
      name: input.name ?? null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: input.testClock ?? null,
    };
    this.customers.set(customer.id, customer);
    this.event('customer.created', customer);
    return customer;
  }

  /** A payment method from a card number (as Stripe.js creates one) or one of Stripe's `pm_card_*` test ids. */
  createCardPaymentMethod(card: { number?: string; exp_month?: string; exp_year?: string; token?: string }) {
    const number = card.token ? testPaymentMethodTokens[card.token] : card.number;
    if (!number) throw badParam('card[number]');
    const behaviour = testCardFor(number);
    if (!behaviour)
      throw stripeError(402, 'card_error', 'Your card number is incorrect.', {
        code: 'incorrect_number',
        param: 'number',
      });
    const expMonth = Number(card.exp_month ?? 12);
    const expYear = Number(card.exp_year ?? new Date().getUTCFullYear() + 3);
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
      throw stripeError(402, 'card_error', "Your card's expiration month is invalid.", {
        code: 'invalid_expiry_month',
        param: 'exp_month',
      });
    if (!Number.isInteger(expYear) || expYear < new Date(this.sandboxNow()).getUTCFullYear())
      throw stripeError(402, 'card_error', "Your card's expiration year is invalid.", {
        code: 'invalid_expiry_year',
        param: 'exp_year',
      });
    const digits = number.replace(/\D/g, '');
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: behaviour.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: behaviour.country,
        exp_month: expMonth,
        exp_year: expYear,
        fingerprint: createHash('sha256').update(digits).digest('hex').slice(0, 16),
        funding: behaviour.funding,
        generated_from: null,
        last4: digits.slice(-4),
        networks: { available: [behaviour.brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: unix(this.sandboxNow()),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.paymentMethods.set(pm.id, pm);
    this.cards.set(pm.id, behaviour);
    return pm;
  }

  /** Resolves a `payment_method` parameter: an id of ours, or a `pm_card_*` test id made into a new one. */
  paymentMethodParam(id: string): PaymentMethod {
    if (testPaymentMethodTokens[id]) return this.createCardPaymentMethod({ token: id });
    return this.get(this.paymentMethods, 'PaymentMethod', id, 'payment_method');
  }

  attach(pm: PaymentMethod, customerId: string): void {
    this.get(this.customers, 'customer', customerId, 'customer');
    if (pm.customer && pm.customer !== customerId)
      throw stripeError(400, 'invalid_request_error', 'The payment method is attached to another customer.', {
        code: 'payment_method_unexpected_state',
      });
    if (this.cards.get(pm.id)?.setup === 'declined')
      throw stripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        param: '',
      });
    if (!pm.customer) {
      pm.customer = customerId;
      this.event('payment_method.attached', pm);
    }
  }

  /** Confirms a SetupIntent with a card: succeeded, waiting for 3-D Secure, or declined (the error thrown). */
  confirmSetupIntent(si: SetupIntent, pm: PaymentMethod): SetupIntent {
    if (si.status === 'succeeded' || si.status === 'canceled')
      throw stripeError(
        400,
        'invalid_request_error',
        `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
        {
          code: 'setup_intent_unexpected_state',
        },
      );
    const card = this.cards.get(pm.id);
    si.payment_method = pm.id;
    if (card?.setup === 'declined') {
      si.status = 'requires_payment_method';
      si.last_setup_error = errorOf('card_declined', 'Your card was declined.', 'generic_decline');
      this.event('setup_intent.setup_failed', si);
      throw stripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
      });
    }
    si.last_setup_error = null;
    if (card?.setup === 'requires_action') {
      si.status = 'requires_action';
      si.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { return_url: null, url: `${this.baseUrl()}/hosted/authenticate/${si.id}` },
      };
      this.event('setup_intent.requires_action', si);
      return si;
    }
    return this.succeedSetup(si);
  }

  /** The cardholder passed (or failed) 3-D Secure on the sandbox's authentication page. */
  authenticateSetupIntent(si: SetupIntent, passed: boolean): SetupIntent {
    if (si.status !== 'requires_action') return si;
    si.next_action = null;
    if (!passed) {
      si.status = 'requires_payment_method';
      si.last_setup_error = errorOf(
        'setup_intent_authentication_failure',
        'The latest attempt to set up the payment method has failed because authentication failed.',
      );
      this.event('setup_intent.setup_failed', si);
      return si;
    }
    return this.succeedSetup(si);
  }

  protected succeedSetup(si: SetupIntent): SetupIntent {
    si.status = 'succeeded';
    si.next_action = null;
    if (si.customer && si.payment_method)
      this.attach(this.paymentMethods.get(si.payment_method)!, si.customer);
    this.event('setup_intent.succeeded', si);
    return si;
  }

  /** Starts a subscription: a trial (a zero invoice, no card needed) or a first invoice charged at once. */
  newPaymentIntent(input: {
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: string | null;
    metadata: Record<string, string>;
    description: string | null;
    invoice: string | null;
    receiptEmail: string | null;
    now?: number;
  }): PaymentIntent {
    const id = stripeId('pi');
    const pi: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount: input.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
      confirmation_method: 'automatic',
      created: input.now ?? this.nowFor(input.customer),
      currency: input.currency,
      customer: input.customer,
      description: input.description,
      invoice: input.invoice,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: input.metadata,
      next_action: null,
      payment_method: input.paymentMethod,
      payment_method_types: ['card'],
      receipt_email: input.receiptEmail,
      status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    };
    this.paymentIntents.set(id, pi);
    this.event('payment_intent.created', pi);
    return pi;
  }

  /** Confirms a PaymentIntent with its card: succeeded, or declined (Stripe answers the 402 card error). */
  confirmPaymentIntent(pi: PaymentIntent): PaymentIntent {
    if (pi.status === 'succeeded' || pi.status === 'canceled')
      throw stripeError(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    const card = pi.payment_method ? this.cards.get(pi.payment_method) : undefined;
    if (!card) throw badParam('payment_method');
    if (card.charge !== 'succeeds') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = declineOf(card);
      this.event('payment_intent.payment_failed', pi);
      throw stripeError(402, 'card_error', pi.last_payment_error.message, {
        code: 'card_declined',
        decline_code: pi.last_payment_error.decline_code ?? 'generic_decline',
      });
    }
    return this.succeedPayment(pi);
  }

  protected succeedPayment(pi: PaymentIntent): PaymentIntent {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.last_payment_error = null;
    pi.latest_charge = stripeId('ch');
    this.event('payment_intent.succeeded', pi);
    return pi;
  }

  refund(
    pi: PaymentIntent,
    amount: number | undefined,
    metadata: Record<string, string>,
    reason: string | null,
  ): Refund {
    if (pi.status !== 'succeeded')
      throw stripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
        {
          code: 'charge_not_refundable',
        },
      );
    const refunded = [...this.refunds.values()]
      .filter((r) => r.payment_intent === pi.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const value = amount ?? pi.amount_received - refunded;
    if (value <= 0 || refunded + value > pi.amount_received)
      throw stripeError(
        400,
        'invalid_request_error',
        `Refund amount ($${(value / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((pi.amount_received - refunded) / 100).toFixed(2)})`,
        {
          code: 'amount_too_large',
          param: 'amount',
        },
      );
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount: value,
      charge: pi.latest_charge,
      created: this.nowFor(pi.customer),
      currency: pi.currency,
      metadata,
      payment_intent: pi.id,
      reason,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    this.event('refund.created', refund);
    return refund;
  }
}
