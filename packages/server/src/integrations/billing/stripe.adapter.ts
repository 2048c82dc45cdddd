import Stripe from 'stripe';
import { CircuitBreaker } from '../http/circuit-breaker.ts';
import type { HttpLogger } from '../http/http-client.ts';
import { VendorCircuitOpenError, VendorHttpError, VendorUnreachableError } from '../http/vendor-errors.ts';
import { CardDeclined, InvalidBillingWebhook, type BillingInvoice, type BillingPort } from './port.ts';
import {
  cardOf,
  idOf,
  invoiceStatuses,
  isAlreadyPaid,
  paymentOf,
  setupStatus,
  subscriptionOf,
} from './stripe-objects.ts';

/** Where the adapter reaches Stripe (or our sandbox) and with which keys. */
export type StripeSettings = {
  /** The API's base URL: https://api.stripe.com, or the sandbox's http://127.0.0.1:<port>. */
  apiUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  sandbox?: boolean;
  logger: HttpLogger;
  timeoutMs?: number;
  /** The circuit breaker's clock (tests move it past the cooldown). */
  breakerNow?: () => number;
};

/**
 * The billing port on Stripe's API through the official SDK (`stripe` on npm), which the sandbox answers
 * unchanged through the SDK's own host, port and protocol settings. The SDK carries the idempotency keys we derive
 * from our ids and retries network failures with them; a circuit breaker in front stops calling Stripe while it is
 * down. Webhooks are checked with the SDK's own `Stripe-Signature` verification.
 */
export function stripeAdapter(settings: StripeSettings): BillingPort & { stripe: Stripe } {
  const url = new URL(settings.apiUrl);
  const stripe = new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Touchline' },
  });
  const breaker = new CircuitBreaker({ failureThreshold: 5, cooldownMs: 30_000 }, settings.breakerNow);

  /** One call through the breaker, its failures in the integration platform's words, one log line. */
  async function call<T>(what: string, ctx: { correlationId?: string }, run: () => Promise<T>): Promise<T> {
    if (!breaker.tryAcquire()) throw new VendorCircuitOpenError('stripe', breaker.retryAfterMs());
    const started = Date.now();
    try {
      const result = await run();
      breaker.recordSuccess();
      settings.logger.info(
        { vendor: 'stripe', call: what, ms: Date.now() - started, correlationId: ctx.correlationId },
        'vendor call',
      );
      return result;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        breaker.recordSuccess();
        throw new CardDeclined(error.code ?? 'card_declined', error.decline_code ?? null, error.message);
      }
      if (error instanceof Stripe.errors.StripeConnectionError) {
        breaker.recordFailure();
        settings.logger.warn(
          { vendor: 'stripe', call: what, ms: Date.now() - started },
          'vendor unreachable',
        );
        throw new VendorUnreachableError('stripe', 'network');
      }
      if (error instanceof Stripe.errors.StripeError) {
        const status = error.statusCode ?? 500;
        if (status >= 500) breaker.recordFailure();
        else breaker.recordSuccess();
        settings.logger.warn(
          { vendor: 'stripe', call: what, status, ms: Date.now() - started },
          'vendor error',
        );
        throw new VendorHttpError('stripe', status, error.raw);
      }
      throw error;
    }
  }

  const priceFor = async (
    plan: { id: string; productName: string; currency: string },
    productId: string,
    interval: 'month' | 'year',
    amount: number,
    ctx: { correlationId?: string },
  ) => {
    const lookupKey = `touchline_plan_${plan.id}_${interval}_${amount}`;
    const found = await call('prices.list', ctx, () =>
      stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 }),
    );
    if (found.data[0]) return found.data[0].id;
    const created = await call('prices.create', ctx, () =>
      stripe.prices.create(
        {
          product: productId,
          currency: plan.currency.toLowerCase(),
          unit_amount: amount,
          recurring: { interval },
          lookup_key: lookupKey,
          nickname: `${plan.productName} ${interval === 'month' ? 'monthly' : 'yearly'}`,
          metadata: { plan_id: plan.id },
        },
        { idempotencyKey: `price-${plan.id}-${interval}-${amount}` },
      ),
    );
    return created.id;
  };

  return {
    vendor: 'stripe',
    sandbox: settings.sandbox === true,
    stripe,
    clientConfig: () => ({
      publishableKey: settings.publishableKey,
      sandboxApiUrl: settings.sandbox ? settings.apiUrl.replace(/\/$/, '') : null,
    }),

    async ensurePlanPrices(plan, ctx) {
      const productId = `touchline_plan_${plan.id}`;
      try {
        await call('products.retrieve', ctx, () => stripe.products.retrieve(productId));
      } catch (error) {
        if (!(error instanceof VendorHttpError && error.status === 404)) throw error;
        await call('products.create', ctx, () =>
          stripe.products.create(
            { id: productId, name: plan.productName, metadata: { plan_id: plan.id } },
            { idempotencyKey: `product-${plan.id}` },
          ),
        );
      }
      return {
        month: await priceFor(plan, productId, 'month', plan.monthUnitAmount, ctx),
        year: await priceFor(plan, productId, 'year', plan.yearUnitAmount, ctx),
      };
    },

    async createCustomer(input, ctx) {
      const customer = await call('customers.create', ctx, () =>
        stripe.customers.create(
          {
            name: input.name,
            ...(input.email ? { email: input.email } : {}),
            metadata: { organization_id: input.organizationId },
            ...(input.testClockId ? { test_clock: input.testClockId } : {}),
          },
          { idempotencyKey: `customer-${input.organizationId}` },
        ),
      );
      return { customerId: customer.id };
    },

    async updateCustomer(customerId, input, ctx) {
      await call('customers.update', ctx, () =>
        stripe.customers.update(customerId, {
          name: input.name,
          email: input.email ?? '',
          address: input.address
            ? {
                line1: input.address.line1,
                line2: input.address.line2 ?? '',
                city: input.address.city,
                state: input.address.state ?? '',
                postal_code: input.address.postalCode,
                country: input.address.country,
              }
            : '',
          metadata: { tax_id: input.taxId ?? '', company_type: input.companyType ?? '' },
        }),
      );
    },

    async startSubscription(input, ctx) {
      const sub = await call('subscriptions.create', ctx, () =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price: input.priceId }],
            trial_period_days: input.trialDays,
            // No card is needed to start; when the trial ends without one, an invoice is made and goes unpaid.
            trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
            metadata: { organization_id: input.organizationId },
          },
          { idempotencyKey: `subscription-${input.organizationId}-${input.priceId}` },
        ),
      );
      return subscriptionOf(sub);
    },

    async getSubscription(subscriptionId, ctx) {
      return subscriptionOf(
        await call('subscriptions.retrieve', ctx, () => stripe.subscriptions.retrieve(subscriptionId)),
      );
    },

    async createCardSetup(input, ctx) {
      const si = await call('setupIntents.create', ctx, () =>
        stripe.setupIntents.create(
          { customer: input.customerId, usage: 'off_session' },
          { idempotencyKey: `setup-${input.key}` },
        ),
      );
      if (!si.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret');
      return { setupId: si.id, clientSecret: si.client_secret };
    },

    async getCardSetup(setupId, ctx) {
      const si = await call('setupIntents.retrieve', ctx, () =>
        stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] }),
      );
      const pm = si.payment_method;
      return {
        setupId: si.id,
        customerId: idOf(si.customer),
        status: setupStatus(si.status),
        card: si.status === 'succeeded' && pm && typeof pm !== 'string' ? cardOf(pm) : null,
        lastError: si.last_setup_error?.message ?? null,
      };
    },

    async useCard(input, ctx) {
      await call('customers.update', ctx, () =>
        stripe.customers.update(input.customerId, {
          invoice_settings: { default_payment_method: input.paymentMethodId },
        }),
      );
      if (input.subscriptionId) {
        const subscriptionId = input.subscriptionId;
        await call('subscriptions.update', ctx, () =>
          stripe.subscriptions.update(subscriptionId, { default_payment_method: input.paymentMethodId }),
        );
      }
      const open = await call('invoices.list', ctx, () =>
        stripe.invoices.list({ customer: input.customerId, status: 'open', limit: 100 }),
      );
      let allPaid = true;
      for (const invoice of open.data) {
        if (!invoice.id) continue;
        const invoiceId = invoice.id;
        try {
          await call('invoices.pay', ctx, () =>
            stripe.invoices.pay(invoiceId, { payment_method: input.paymentMethodId }),
          );
        } catch (error) {
          // Paid meanwhile (the browser's save and the setup's webhook both arrive here): nothing is owed.
          if (isAlreadyPaid(error)) continue;
          if (!(error instanceof CardDeclined)) throw error;
          allPaid = false;
        }
      }
      return { openInvoicesPaid: allPaid };
    },

    async listInvoices(customerId, page, ctx) {
      const list = await call('invoices.list', ctx, () =>
        stripe.invoices.list({
          customer: customerId,
          limit: page.limit,
          ...(page.startingAfter ? { starting_after: page.startingAfter } : {}),
        }),
      );
      return {
        items: list.data.map((invoice): BillingInvoice => ({
          id: invoice.id ?? '',
          number: invoice.number,
          status: invoiceStatuses.find((status) => status === invoice.status) ?? 'draft',
          amountDue: invoice.amount_due,
          amountPaid: invoice.amount_paid,
          currency: invoice.currency,
          createdAt: new Date(invoice.created * 1000),
          periodStart: new Date(invoice.period_start * 1000),
          periodEnd: new Date(invoice.period_end * 1000),
          hostedUrl: invoice.hosted_invoice_url ?? null,
          pdfUrl: invoice.invoice_pdf ?? null,
        })),
        hasMore: list.has_more,
      };
    },

    async getInvoice(invoiceId, ctx) {
      const invoice = await call('invoices.retrieve', ctx, () => stripe.invoices.retrieve(invoiceId));
      // API versions from 2025-03-31 name the subscription under `parent`; earlier ones at the top level.
      const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
      return {
        id: invoiceId,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy),
        customerId: idOf(invoice.customer),
        status: invoice.status ?? null,
      };
    },

    async charge(input, ctx) {
      const pi = await call('paymentIntents.create', ctx, () =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            payment_method: input.paymentMethodId,
            // A saved card is charged off session; a card the member just entered is confirmed on session here,
            // with no redirect, and a card that needs authentication fails rather than waiting for it.
            ...(input.customerId
              ? { customer: input.customerId, off_session: true }
              : {
                  automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
                  error_on_requires_action: true,
                }),
            confirm: true,
            description: input.description,
            metadata: input.metadata,
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          },
          { idempotencyKey: `payment-${input.key}` },
        ),
      );
      return paymentOf(pi);
    },

    async getPayment(paymentId, ctx) {
      return paymentOf(
        await call('paymentIntents.retrieve', ctx, () => stripe.paymentIntents.retrieve(paymentId)),
      );
    },

    async refund(input, ctx) {
      const refund = await call('refunds.create', ctx, () =>
        stripe.refunds.create(
          { payment_intent: input.paymentId, ...(input.amount ? { amount: input.amount } : {}) },
          { idempotencyKey: `refund-${input.key}` },
        ),
      );
      return { refundId: refund.id, amount: refund.amount };
    },

    readWebhook(headers, rawBody) {
      const given = headers['stripe-signature'];
      const signature = Array.isArray(given) ? given[0] : given;
      if (!signature) throw new InvalidBillingWebhook();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        if (error instanceof SyntaxError) throw error;
        throw new InvalidBillingWebhook();
      }
      const object = event.data.object as { id?: string; object?: string };
      return {
        eventId: event.id,
        objectType: object.object ?? 'other',
        objectId: object.id ?? '',
        occurredAt: new Date(event.created * 1000),
      };
    },

    close: async () => {},
  };
}
