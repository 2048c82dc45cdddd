import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { ErrorCode } from '@touchline/contracts/errors';
import { requireActor } from '../plugins/authenticate.ts';
import type { ActorRequestContext, RequestContext } from '../deps.ts';
import { cachedActorContext, type ActorContext } from './actor-context.ts';

const loaded = new WeakMap<FastifyRequest, Promise<ActorContext | null>>();

/** The actor's organization context, loaded once per request (through the cache); null when no organization is selected. */
export function findActorContext(request: FastifyRequest): Promise<ActorContext | null> {
  let pending = loaded.get(request);
  if (!pending) {
    pending = cachedActorContext(
      request.server.database.db,
      requireActor(request),
      request.server.requestCaches,
    );
    loaded.set(request, pending);
  }
  return pending;
}

/**
 * The actor's organization context for a tenant route: 401 without a token, 404 when no organization is selected
 * (nothing of any organization is visible then), otherwise the context every policy rule reads.
 */
export async function requireActorContext(request: FastifyRequest): Promise<ActorContext> {
  const ctx = await findActorContext(request);
  if (!ctx)
    throw new AppError(ErrorCode.NotFound, 'No organization is selected', {
      details: 'Select an organization first (GET /api/app/organization/{id}/select-organization).',
    });
  return ctx;
}

/** The token's actor with the request id (401 without a token): the `ctx` of use cases run outside an organization. */
export function requireActorRequestContext(request: FastifyRequest): ActorRequestContext {
  return { ...requireActor(request), requestId: request.id };
}

/** {@link requireActorContext} with the request id: the `ctx` a use case takes (ADR 028). */
export async function requireRequestContext(request: FastifyRequest): Promise<RequestContext> {
  return { ...(await requireActorContext(request)), requestId: request.id };
}
