import { badParam, missing, stripeError } from './stripe-errors.ts';
import { list, metadataOf, obj, str } from './stripe-form.ts';
import { page, queryOf, type Req } from './stripe-http.ts';
import { stripeId, unix } from './stripe-ids.ts';
import type { TestClock } from './stripe-types.ts';
import type { RouteKit } from './stripe-http.ts';

/** Subscriptions, invoices, events and test clocks: what moves over time. */
export function registerBillingRoutes(kit: RouteKit) {
  const { app, store, body, answer } = kit;
  // Subscriptions
  app.post('/v1/subscriptions', async (request: Req) => {
    const form = body(request);
    const customerId = str(form, 'customer');
    if (!customerId) throw badParam('customer');
    const customer = store.get(store.customers, 'customer', customerId, 'customer');
    const [first] = list(form, 'items');
    const priceId =
      first && typeof first === 'object' && !Array.isArray(first) ? str(first, 'price') : undefined;
    if (!priceId) throw badParam('items[0][price]');
    const price = store.get(store.prices, 'price', priceId, 'items[0][price]');
    const trialDays = str(form, 'trial_period_days');
    const trialEnd = str(form, 'trial_end');
    const pm = str(form, 'default_payment_method');
    if (pm) {
      const found = store.get(store.paymentMethods, 'PaymentMethod', pm, 'default_payment_method');
      if (found.customer !== customer.id)
        throw badParam('default_payment_method', 'The payment method must be attached to the customer.');
    }
    const behaviour =
      str(obj(obj(form, 'trial_settings'), 'end_behavior'), 'missing_payment_method') ?? 'create_invoice';
    if (!['cancel', 'create_invoice', 'pause'].includes(behaviour))
      throw badParam(
        'trial_settings[end_behavior][missing_payment_method]',
        'Invalid missing_payment_method',
      );
    return answer(
      request,
      store.createSubscription({
        customer,
        price,
        trialDays: trialDays ? Number(trialDays) : undefined,
        trialEnd: trialEnd && trialEnd !== 'now' ? Number(trialEnd) : undefined,
        defaultPaymentMethod: pm,
        metadata: metadataOf(form),
        missingPaymentMethod: behaviour as 'cancel' | 'create_invoice' | 'pause',
      }),
    );
  });
  app.get('/v1/subscriptions', async (request: Req) => {
    const query = queryOf(request);
    const customer = str(query, 'customer');
    const status = str(query, 'status');
    const rows = [...store.subscriptions.values()].filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
    );
    return page(request, rows, '/v1/subscriptions');
  });
  app.get('/v1/subscriptions/:id', async (request: Req) =>
    answer(request, store.get(store.subscriptions, 'subscription', request.params.id!)),
  );
  app.post('/v1/subscriptions/:id', async (request: Req) => {
    const sub = store.get(store.subscriptions, 'subscription', request.params.id!);
    const form = body(request);
    const pmId = str(form, 'default_payment_method');
    if (pmId !== undefined) {
      const pm = pmId
        ? store.get(store.paymentMethods, 'PaymentMethod', pmId, 'default_payment_method')
        : null;
      if (pm && pm.customer !== sub.customer)
        throw badParam('default_payment_method', 'The payment method must be attached to the customer.');
      sub.default_payment_method = pm?.id ?? null;
    }
    if (form.metadata !== undefined) sub.metadata = { ...sub.metadata, ...metadataOf(form) };
    const atEnd = str(form, 'cancel_at_period_end');
    if (atEnd !== undefined) {
      sub.cancel_at_period_end = atEnd === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? sub.current_period_end : null;
    }
    store.event('customer.subscription.updated', sub);
    return answer(request, sub);
  });
  app.delete('/v1/subscriptions/:id', async (request: Req) =>
    answer(
      request,
      store.cancelSubscription(store.get(store.subscriptions, 'subscription', request.params.id!)),
    ),
  );

  // Invoices
  app.get('/v1/invoices', async (request: Req) => {
    const query = queryOf(request);
    const customer = str(query, 'customer');
    const subscription = str(query, 'subscription');
    const status = str(query, 'status');
    const rows = [...store.invoices.values()].filter(
      (i) =>
        (!customer || i.customer === customer) &&
        (!subscription || i.subscription === subscription) &&
        (!status || i.status === status),
    );
    return page(request, rows, '/v1/invoices');
  });
  app.get('/v1/invoices/:id', async (request: Req) =>
    answer(request, store.get(store.invoices, 'invoice', request.params.id!)),
  );
  app.post('/v1/invoices/:id/pay', async (request: Req) =>
    answer(request, store.payInvoice(store.get(store.invoices, 'invoice', request.params.id!))),
  );

  // Events
  app.get('/v1/events/:id', async (request: Req) => {
    const event = store.events.get(request.params.id!);
    if (!event) throw missing('event', request.params.id!);
    return event;
  });
  app.get('/v1/events', async (request: Req) => {
    const type = str(queryOf(request), 'type');
    return page(
      request,
      [...store.events.values()].filter((e) => !type || e.type === type),
      '/v1/events',
    );
  });

  // Test clocks
  app.post('/v1/test_helpers/test_clocks', async (request: Req) => {
    const form = body(request);
    const frozen = Number(str(form, 'frozen_time'));
    if (!Number.isInteger(frozen)) throw badParam('frozen_time');
    const created = unix(kit.now());
    const clock: TestClock = {
      id: stripeId('clock'),
      object: 'test_helpers.test_clock',
      created,
      deletes_after: created + 30 * 86_400,
      frozen_time: frozen,
      livemode: false,
      name: str(form, 'name') ?? null,
      status: 'ready',
    };
    store.testClocks.set(clock.id, clock);
    return clock;
  });
  app.get('/v1/test_helpers/test_clocks/:id', async (request: Req) =>
    store.get(store.testClocks, 'test_clock', request.params.id!),
  );
  app.post('/v1/test_helpers/test_clocks/:id/advance', async (request: Req) => {
    const clock = store.get(store.testClocks, 'test_clock', request.params.id!);
    const target = Number(str(body(request), 'frozen_time'));
    if (!Number.isInteger(target)) throw badParam('frozen_time');
    if (target <= clock.frozen_time)
      throw badParam(
        'frozen_time',
        'The frozen_time must be after the current frozen time of the test clock.',
      );
    if (clock.status === 'advancing')
      throw stripeError(400, 'invalid_request_error', 'The test clock is already advancing.', {
        code: 'test_clock_advancing',
      });
    // Stripe advances asynchronously: the answer says `advancing`, and `test_helpers.test_clock.ready` follows.
    clock.status = 'advancing';
    const answerNow = structuredClone(clock);
    setImmediate(() => {
      clock.frozen_time = target;
      store.catchUp(clock.id, target);
      clock.status = 'ready';
      store.event('test_helpers.test_clock.ready', clock);
    });
    return answerNow;
  });
  app.delete('/v1/test_helpers/test_clocks/:id', async (request: Req) => {
    const clock = store.get(store.testClocks, 'test_clock', request.params.id!);
    store.testClocks.delete(clock.id);
    return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  });
}
