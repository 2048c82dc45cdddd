import { badParam, stripeError } from './stripe-errors.ts';
import { list, metadataOf, obj, str } from './stripe-form.ts';
import { addressOf, page, queryOf, type Req } from './stripe-http.ts';
import { stripeId, unix } from './stripe-ids.ts';
import type { Price } from './stripe-types.ts';
import type { RouteKit } from './stripe-http.ts';

/** Customers, products and prices (`/v1/customers`, `/v1/products`, `/v1/prices`). */
export function registerCatalogRoutes(kit: RouteKit) {
  const { app, store, body, answer } = kit;
  // Customers
  app.post('/v1/customers', async (request: Req) => {
    const form = body(request);
    return answer(
      request,
      store.createCustomer({
        name: str(form, 'name'),
        email: str(form, 'email'),
        address: addressOf(form),
        metadata: metadataOf(form),
        testClock: str(form, 'test_clock'),
      }),
    );
  });
  app.get('/v1/customers', async (request: Req) => {
    const query = queryOf(request);
    const email = str(query, 'email');
    return page(
      request,
      [...store.customers.values()].filter((c) => !email || c.email === email),
      '/v1/customers',
    );
  });
  app.get('/v1/customers/:id', async (request: Req) =>
    answer(request, store.get(store.customers, 'customer', request.params.id!)),
  );
  app.post('/v1/customers/:id', async (request: Req) => {
    const customer = store.get(store.customers, 'customer', request.params.id!);
    const form = body(request);
    if (form.name !== undefined) customer.name = str(form, 'name') || null;
    if (form.email !== undefined) customer.email = str(form, 'email') || null;
    if (form.address !== undefined) customer.address = addressOf(form);
    if (form.metadata !== undefined) customer.metadata = { ...customer.metadata, ...metadataOf(form) };
    const settings = obj(form, 'invoice_settings');
    const pmId = str(settings, 'default_payment_method');
    if (pmId !== undefined) {
      const pm = pmId
        ? store.get(store.paymentMethods, 'PaymentMethod', pmId, 'invoice_settings[default_payment_method]')
        : null;
      if (pm && pm.customer !== customer.id)
        throw stripeError(
          400,
          'invalid_request_error',
          `The customer does not have a payment method with the ID ${pm.id}.`,
          {
            code: 'resource_missing',
            param: 'invoice_settings[default_payment_method]',
          },
        );
      customer.invoice_settings.default_payment_method = pm?.id ?? null;
    }
    store.event('customer.updated', customer);
    return answer(request, customer);
  });

  // Products and prices
  app.post('/v1/products', async (request: Req) => {
    const form = body(request);
    const name = str(form, 'name');
    if (!name) throw badParam('name');
    const now = unix(kit.now());
    const product = {
      id: str(form, 'id') ?? stripeId('prod'),
      object: 'product' as const,
      active: str(form, 'active') !== 'false',
      created: now,
      default_price: null,
      description: str(form, 'description') ?? null,
      features: [],
      images: [],
      livemode: false as const,
      metadata: metadataOf(form),
      name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      unit_label: null,
      updated: now,
      url: null,
    };
    if (store.products.has(product.id))
      throw stripeError(400, 'invalid_request_error', `Product already exists.`, {
        code: 'resource_already_exists',
        param: 'id',
      });
    store.products.set(product.id, product);
    store.event('product.created', product);
    return product;
  });
  app.get('/v1/products/:id', async (request: Req) =>
    store.get(store.products, 'product', request.params.id!),
  );
  app.post('/v1/prices', async (request: Req) => {
    const form = body(request);
    const currency = str(form, 'currency')?.toLowerCase();
    if (!currency) throw badParam('currency');
    const productId = str(form, 'product');
    if (!productId) throw badParam('product');
    store.get(store.products, 'product', productId, 'product');
    const unitAmount = Number(str(form, 'unit_amount'));
    if (!Number.isInteger(unitAmount) || unitAmount < 0)
      throw badParam('unit_amount', 'Invalid integer: unit_amount');
    const recurringForm = obj(form, 'recurring');
    const interval = str(recurringForm, 'interval');
    if (interval !== undefined && !['day', 'week', 'month', 'year'].includes(interval))
      throw badParam(
        'recurring[interval]',
        `Invalid recurring[interval]: must be one of day, month, week, or year`,
      );
    const lookupKey = str(form, 'lookup_key') ?? null;
    if (lookupKey && str(form, 'transfer_lookup_key') !== 'true')
      for (const other of store.prices.values())
        if (other.lookup_key === lookupKey)
          throw stripeError(
            400,
            'invalid_request_error',
            `A price (\`${other.id}\`) already uses that lookup key.`,
            {
              code: 'lookup_key_already_exists',
              param: 'lookup_key',
            },
          );
    const price: Price = {
      id: stripeId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: unix(kit.now()),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadataOf(form),
      nickname: str(form, 'nickname') ?? null,
      product: productId,
      recurring: interval
        ? {
            aggregate_usage: null,
            interval: interval as 'day' | 'week' | 'month' | 'year',
            interval_count: Number(str(recurringForm, 'interval_count') ?? 1),
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: interval ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    store.prices.set(price.id, price);
    store.event('price.created', price);
    return answer(request, price);
  });
  app.get('/v1/prices', async (request: Req) => {
    const query = queryOf(request);
    const keys = list(query, 'lookup_keys').filter((k): k is string => typeof k === 'string');
    const product = str(query, 'product');
    const rows = [...store.prices.values()].filter(
      (p) =>
        (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
        (!product || p.product === product),
    );
    return page(request, rows, '/v1/prices');
  });
  app.get('/v1/prices/:id', async (request: Req) =>
    answer(request, store.get(store.prices, 'price', request.params.id!)),
  );
}
