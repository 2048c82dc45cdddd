import type { FastifyRequest } from 'fastify';
import type { Sandbox } from '../harness.ts';
import { badParam, missing, stripeError } from './stripe-errors.ts';
import { decodeStripeForm, list, obj, str, type FormObject } from './stripe-form.ts';
import type { StripeStore } from './stripe-store.ts';
import type { Address, StripeObject } from './stripe-types.ts';

/** A sandbox route's request: path params and a decoded form body. */
export type Req = FastifyRequest<{ Params: Record<string, string>; Body: FormObject | undefined }>;

/** What every route group of the Stripe sandbox is given. */
export type RouteKit = {
  app: Sandbox['app'];
  store: StripeStore;
  now: () => Date;
  /** The secret key, or (for the browser's calls) the publishable key with the object's client secret. */
  requireKey: (request: Req, publishableAllowed: boolean, clientSecret?: string) => void;
  body: (request: Req) => FormObject;
  answer: <T extends StripeObject>(request: Req, object: T) => T;
};

export function queryOf(request: FastifyRequest): FormObject {
  return decodeStripeForm(request.url.split('?')[1] ?? '');
}

export function addressOf(form: FormObject): Address | null {
  if (form.address === undefined || form.address === '') return null;
  const a = obj(form, 'address');
  const field = (key: string) => str(a, key) || null;
  return {
    city: field('city'),
    country: field('country'),
    line1: field('line1'),
    line2: field('line2'),
    postal_code: field('postal_code'),
    state: field('state'),
  };
}

/** Stripe's list: newest first, `limit` (1–100, default 10) after `starting_after`, with `has_more`. */
export function page<T extends { id: string; created: number }>(
  request: FastifyRequest,
  rows: T[],
  url: string,
) {
  const query = queryOf(request);
  const limitText = str(query, 'limit');
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw badParam('limit', 'Invalid integer: limit must be between 1 and 100');
  const ordered = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => b.row.created - a.row.created || b.index - a.index)
    .map(({ row }) => row);
  const after = str(query, 'starting_after');
  let start = 0;
  if (after) {
    const index = ordered.findIndex((row) => row.id === after);
    if (index === -1) throw missing('object', after, 'starting_after');
    start = index + 1;
  }
  const data = ordered.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < ordered.length, url };
}

/** `expand[]` of top-level ids (`latest_invoice`, `payment_method`, `customer`…), as Stripe answers it. */
export function expand<T extends StripeObject>(store: StripeStore, object: T, request: FastifyRequest): T {
  const paths = list(
    { ...queryOf(request), ...((request.body as FormObject | undefined) ?? {}) },
    'expand',
  ).filter((p): p is string => typeof p === 'string');
  if (paths.length === 0) return object;
  const copy = structuredClone(object) as Record<string, unknown>;
  const maps: Record<string, Map<string, StripeObject>> = {
    cus: store.customers,
    in: store.invoices,
    pm: store.paymentMethods,
    pi: store.paymentIntents,
    sub: store.subscriptions,
    prod: store.products,
    price: store.prices,
    seti: store.setupIntents,
  };
  for (const path of paths) {
    const value = copy[path];
    if (typeof value !== 'string') continue;
    const found = maps[value.split('_')[0] ?? '']?.get(value);
    if (found) copy[path] = structuredClone(found);
  }
  return copy as T;
}

/** `Idempotency-Key` on POST: the first answer is replayed for the same key (`Idempotent-Replayed: true`). */
export function registerIdempotency(app: Sandbox['app']) {
  const saved = new Map<string, { params: string; status: number; body: string } | 'in-progress'>();
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string' || !request.url.startsWith('/v1/')) return;
    const params = `${request.url} ${JSON.stringify(request.body ?? {})}`;
    const previous = saved.get(key);
    if (previous === 'in-progress')
      throw stripeError(
        409,
        'idempotency_error',
        'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
          key +
          '. Please try again later.',
        {
          code: 'idempotency_key_in_use',
        },
      );
    if (previous) {
      if (previous.params !== params)
        throw stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      void reply.header('idempotent-replayed', 'true').header('idempotency-key', key);
      return reply.code(previous.status).type('application/json').send(previous.body);
    }
    saved.set(key, 'in-progress');
    (request as { idempotency?: { key: string; params: string } }).idempotency = { key, params };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = (request as { idempotency?: { key: string; params: string } }).idempotency;
    if (!pending) return payload;
    // Stripe saves every answer but a 5xx (which may be retried with the same key).
    if (reply.statusCode >= 500) saved.delete(pending.key);
    else saved.set(pending.key, { params: pending.params, status: reply.statusCode, body: String(payload) });
    void reply.header('idempotency-key', pending.key);
    return payload;
  });
}
