import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { createRequestCaches, tokenExpiry, type RequestCaches } from '../authz/request-caches.ts';
import { unauthenticated } from '../errors.ts';
import type { Actor } from '../authz/actor-types.ts';

export type { Actor } from '../authz/actor-types.ts';

/** Verifies an access token and returns the actor, or throws; supplied by the identity wiring in main. */
export type AccessTokenVerifier = (token: string) => Promise<Actor>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Verified tokens and actors' contexts (ADR 026), kept per server instance. */
    requestCaches: RequestCaches;
  }
  interface FastifyContextConfig {
    /** A route that anyone may call; the only way to skip authentication (never by URL matching). */
    public?: boolean;
  }
}

/** Reads the actor a protected route needs; a route handler calls this instead of touching request.actor. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/**
 * A token verified before is not verified again until it expires (ADR 026): the same string carries the same
 * signature and claims, so only the clock is checked. The signature check was most of a signed-in request's cost.
 */
async function verifyOnce(caches: RequestCaches, verify: AccessTokenVerifier, token: string): Promise<Actor> {
  if (!caches.enabled) return verify(token);
  const known = caches.tokens.get(token);
  if (known && Date.now() < known.expiresAt) return known.actor;
  const actor = await verify(token);
  caches.tokens.set(token, { actor, expiresAt: tokenExpiry(actor) });
  return actor;
}

/**
 * Global onRequest hook (ARCHITECTURE §3 step 1): Bearer token → request.actor, else 401. Only routes
 * that declare `config: { public: true }` skip it; unknown routes fall through to the 404 handler.
 */
async function authenticatePlugin(app: FastifyInstance, opts: { verify?: AccessTokenVerifier | undefined }) {
  app.decorateRequest('actor', null);
  app.decorate('requestCaches', createRequestCaches());
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public || request.is404) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1] || !opts.verify) throw unauthenticated();
    try {
      request.actor = await verifyOnce(app.requestCaches, opts.verify, match[1]);
    } catch {
      throw unauthenticated('The access token is invalid or has expired');
    }
  });
}

export const authenticate = fp(authenticatePlugin, { name: 'authenticate' });

/**
 * Registers a third-party plugin (static files, API docs UI) whose routes are public, marking each route it
 * adds with `config.public` at registration: the opt-out stays per route, never a URL pattern.
 */
export function registerPublic<O extends FastifyPluginOptions>(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
  opts: O,
) {
  return app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(plugin, opts);
  });
}
