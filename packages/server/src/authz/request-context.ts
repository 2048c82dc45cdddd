import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { ErrorCode } from '@touchline/contracts/errors';
import { requireActor } from '../plugins/authenticate.ts';
import { loadActorContext, type ActorContext } from './actor-context.ts';

const loaded = new WeakMap<FastifyRequest, Promise<ActorContext | null>>();

/** The actor's organization context, loaded once per request; null when no organization is selected. */
export function findActorContext(request: FastifyRequest): Promise<ActorContext | null> {
  let pending = loaded.get(request);
  if (!pending) {
    pending = loadActorContext(request.server.database.db, requireActor(request));
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
