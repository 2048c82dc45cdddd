import { createHmac } from 'node:crypto';
import { createSandbox, type Sandbox } from '../harness.ts';
import { stripeError } from './stripe-errors.ts';
import { decodeStripeForm, str, type FormObject } from './stripe-form.ts';
import { expand, queryOf, registerIdempotency, type Req, type RouteKit } from './stripe-http.ts';
import { unix } from './stripe-ids.ts';
import { registerHostedPages } from './stripe-hosted.ts';
import { registerBillingRoutes } from './stripe-routes-billing.ts';
import { registerCardRoutes } from './stripe-routes-cards.ts';
import { registerCatalogRoutes } from './stripe-routes-catalog.ts';
import { registerIdentityRoutes } from './stripe-routes-identity.ts';
import { StripeStore } from './stripe-store.ts';
import type { StripeObject } from './stripe-types.ts';

/** The sandbox account's keys. */
export type StripeSandboxOptions = {
  /** The secret key (`sk_test_…`) servers authenticate with (`Authorization: Bearer`). */
  secretKey: string;
  /** The publishable key (`pk_test_…`) the browser's card form uses for the calls Stripe.js makes. */
  publishableKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
};

/** A Stripe sandbox with its account's objects, for tests that look inside. */
export type StripeSandbox = Sandbox & { store: StripeStore };

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed with the
 * endpoint secret>` (docs.stripe.com/webhooks#verify-manually). Signed with the wall-clock time of delivery, as
 * Stripe does, so a receiver's tolerance check holds however far the sandbox clock was moved.
 */
export function signStripeWebhook(secret: string, payload: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The calls Stripe.js makes from the browser with the publishable key (checked again in the route). */
const publishableRoutes = [
  /^POST \/v1\/payment_methods$/,
  /^POST \/v1\/setup_intents\/[^/]+\/confirm$/,
  /^GET \/v1\/setup_intents\/[^/]+$/,
  /^POST \/v1\/payment_intents\/[^/]+\/confirm$/,
];

/**
 * A local server that speaks Stripe's REST API (api.stripe.com/v1) as the official SDKs call it: bearer secret key,
 * form-encoded bodies with bracketed keys, `Idempotency-Key` replays, Stripe's error objects, list envelopes with
 * `limit`/`starting_after`, `expand[]`, test cards, subscriptions with trials that bill over time, test clocks, and
 * events delivered to webhook endpoints signed in `Stripe-Signature`. Never Stripe: every answer says `x-sandbox`.
 */
export function createStripeSandbox(options: StripeSandboxOptions): StripeSandbox {
  let baseUrl = 'http://127.0.0.1';
  const sandbox = createSandbox({
    vendor: 'stripe',
    authenticate: (request) => {
      const path = request.url.split('?')[0];
      if (request.headers.authorization === `Bearer ${options.secretKey}`) return true;
      return publishableRoutes.some((route) => route.test(`${request.method} ${path}`));
    },
    errorBody: (status, message) => ({
      error: {
        type: status >= 500 ? 'api_error' : 'invalid_request_error',
        message: status === 401 ? 'Invalid API Key provided.' : message,
      },
    }),
    signWebhook: (body) => ({ 'stripe-signature': signStripeWebhook(options.webhookSecret, body) }),
    publicPaths: ['/hosted/'],
  });
  const store = new StripeStore(
    sandbox.clock.now,
    () => baseUrl,
    (event) => sandbox.webhooks.emit(event.id, event),
  );
  sandbox.clock.onAdvance((now) => store.catchUp(null, unix(now)));
  const listen = sandbox.listen;
  sandbox.listen = async (port) => {
    baseUrl = await listen(port);
    return baseUrl;
  };
  const app = sandbox.app;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, decodeStripeForm(body as string)),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/v1/')) void reply.header('access-control-allow-origin', '*');
    return payload;
  });
  registerIdempotency(app);

  /** The secret key, or (for the browser's calls) the publishable key in the header or the `key` field. */
  const requireKey = (request: Req, publishableAllowed: boolean, clientSecret?: string) => {
    if (request.headers.authorization === `Bearer ${options.secretKey}`) return;
    const key = request.headers.authorization?.replace(/^Bearer /, '') ?? str(request.body ?? {}, 'key');
    if (!publishableAllowed || key !== options.publishableKey)
      throw stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    if (clientSecret !== undefined) {
      const sent = str(request.body ?? {}, 'client_secret') ?? str(queryOf(request), 'client_secret');
      if (sent !== clientSecret)
        throw stripeError(400, 'invalid_request_error', 'The client_secret provided does not match.', {
          code: 'resource_missing',
          param: 'client_secret',
        });
    }
  };
  const body = (request: Req): FormObject => request.body ?? {};
  const answer = <T extends StripeObject>(request: Req, object: T) => expand(store, object, request);
  const kit: RouteKit = { app, store, now: sandbox.clock.now, requireKey, body, answer };

  registerCatalogRoutes(kit);
  registerCardRoutes(kit);
  registerBillingRoutes(kit);
  registerIdentityRoutes(kit, () => baseUrl);
  registerHostedPages(app, store);
  return Object.assign(sandbox, { store });
}
