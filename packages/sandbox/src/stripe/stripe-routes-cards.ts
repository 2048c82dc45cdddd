import { badParam, errorOf, stripeError } from './stripe-errors.ts';
import { metadataOf, obj, str } from './stripe-form.ts';
import type { Req } from './stripe-http.ts';
import { stripeId } from './stripe-ids.ts';
import type { SetupIntent } from './stripe-types.ts';
import type { RouteKit } from './stripe-http.ts';

/** Cards and one-off payments: payment methods, SetupIntents, PaymentIntents and refunds. */
export function registerCardRoutes(kit: RouteKit) {
  const { app, store, requireKey, body, answer } = kit;
  // Payment methods (created by the browser with the publishable key, as Stripe.js does)
  app.post('/v1/payment_methods', async (request: Req) => {
    requireKey(request, true);
    const form = body(request);
    if (str(form, 'type') !== 'card')
      throw badParam('type', 'Invalid type: only card is supported by this sandbox');
    const card = obj(form, 'card');
    return store.createCardPaymentMethod({
      number: str(card, 'number'),
      exp_month: str(card, 'exp_month'),
      exp_year: str(card, 'exp_year'),
      token: str(card, 'token'),
    });
  });
  app.get('/v1/payment_methods/:id', async (request: Req) =>
    store.get(store.paymentMethods, 'PaymentMethod', request.params.id!),
  );
  app.post('/v1/payment_methods/:id/attach', async (request: Req) => {
    const pm = store.paymentMethodParam(request.params.id!);
    const customer = str(body(request), 'customer');
    if (!customer) throw badParam('customer');
    store.attach(pm, customer);
    return pm;
  });

  // SetupIntents
  app.post('/v1/setup_intents', async (request: Req) => {
    const form = body(request);
    const customer = str(form, 'customer') ?? null;
    if (customer) store.get(store.customers, 'customer', customer, 'customer');
    const id = stripeId('seti');
    const si: SetupIntent = {
      id,
      object: 'setup_intent',
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
      created: store.nowFor(customer),
      customer,
      description: str(form, 'description') ?? null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: metadataOf(form),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: str(form, 'usage') === 'on_session' ? 'on_session' : 'off_session',
    };
    store.setupIntents.set(id, si);
    store.event('setup_intent.created', si);
    const pmId = str(form, 'payment_method');
    if (pmId) {
      const pm = store.paymentMethodParam(pmId);
      si.payment_method = pm.id;
      if (str(form, 'confirm') === 'true') return answer(request, store.confirmSetupIntent(si, pm));
    }
    return answer(request, si);
  });
  app.get('/v1/setup_intents/:id', async (request: Req) => {
    const si = store.get(store.setupIntents, 'setup_intent', request.params.id!, 'intent');
    requireKey(request, true, si.client_secret);
    return answer(request, si);
  });
  app.post('/v1/setup_intents/:id/confirm', async (request: Req) => {
    const si = store.get(store.setupIntents, 'setup_intent', request.params.id!, 'intent');
    requireKey(request, true, si.client_secret);
    const pmId = str(body(request), 'payment_method') ?? si.payment_method;
    if (!pmId) throw badParam('payment_method');
    return answer(request, store.confirmSetupIntent(si, store.paymentMethodParam(pmId)));
  });

  // PaymentIntents and refunds
  app.post('/v1/payment_intents', async (request: Req) => {
    const form = body(request);
    const amount = Number(str(form, 'amount'));
    if (!Number.isInteger(amount) || amount < 50)
      throw stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', {
        code: 'amount_too_small',
        param: 'amount',
      });
    const currency = str(form, 'currency')?.toLowerCase();
    if (!currency) throw badParam('currency');
    const customer = str(form, 'customer') ?? null;
    if (customer) store.get(store.customers, 'customer', customer, 'customer');
    const pmId = str(form, 'payment_method');
    const pm = pmId ? store.paymentMethodParam(pmId) : null;
    const pi = store.newPaymentIntent({
      amount,
      currency,
      customer,
      paymentMethod: pm?.id ?? null,
      metadata: metadataOf(form),
      description: str(form, 'description') ?? null,
      invoice: null,
      receiptEmail: str(form, 'receipt_email') ?? null,
    });
    if (str(form, 'confirm') === 'true') {
      // On session, a card that needs 3-D Secure asks for it (Stripe's 4000002500003155): with
      // error_on_requires_action the confirmation fails with authentication_required instead of waiting.
      const card = pm ? store.cards.get(pm.id) : undefined;
      if (str(form, 'off_session') !== 'true' && card?.setup === 'requires_action') {
        if (str(form, 'error_on_requires_action') === 'true') {
          pi.status = 'requires_payment_method';
          pi.last_payment_error = errorOf(
            'authentication_required',
            'Your card was declined. This transaction requires authentication.',
            'authentication_required',
          );
          store.event('payment_intent.payment_failed', pi);
          throw stripeError(402, 'card_error', pi.last_payment_error.message, {
            code: 'authentication_required',
            decline_code: 'authentication_required',
          });
        }
        pi.status = 'requires_action';
        return answer(request, pi);
      }
      store.confirmPaymentIntent(pi);
    }
    return answer(request, pi);
  });
  app.get('/v1/payment_intents/:id', async (request: Req) =>
    answer(request, store.get(store.paymentIntents, 'payment_intent', request.params.id!, 'intent')),
  );
  app.post('/v1/payment_intents/:id/confirm', async (request: Req) => {
    const pi = store.get(store.paymentIntents, 'payment_intent', request.params.id!, 'intent');
    requireKey(request, true, pi.client_secret);
    const pmId = str(body(request), 'payment_method');
    if (pmId) pi.payment_method = store.paymentMethodParam(pmId).id;
    return answer(request, store.confirmPaymentIntent(pi));
  });
  app.post('/v1/refunds', async (request: Req) => {
    const form = body(request);
    const piId = str(form, 'payment_intent');
    if (!piId) throw badParam('payment_intent');
    const pi = store.get(store.paymentIntents, 'payment_intent', piId, 'payment_intent');
    const amount = str(form, 'amount');
    return store.refund(
      pi,
      amount === undefined ? undefined : Number(amount),
      metadataOf(form),
      str(form, 'reason') ?? null,
    );
  });
  app.get('/v1/refunds/:id', async (request: Req) => store.get(store.refunds, 'refund', request.params.id!));
}
