import { Role } from '@touchline/contracts/roles';
import type { AuditActor } from '../../db/audit.ts';
import { forbidden } from '../../errors.ts';
import type { ActorRequestContext } from '../../deps.ts';

/**
 * Who is asking and for which request: the token's actor with the request id, as every use case run before (or
 * outside) an organization takes it.
 */
export type PlatformContext = ActorRequestContext;

/**
 * Refuses anyone but a platform administrator (TouchlineAdmin, spec §6): the queue and the webhooks belong to the
 * deployment, not to an organization, so no organization role reaches them.
 */
export function assertPlatformAdmin(ctx: PlatformContext, what: string): void {
  if (!ctx.roles.includes(Role.TouchlineAdmin)) throw forbidden(`Only platform administrators ${what}`);
}

/** The audit trail's actor for a platform administrator's request. */
export function platformAuditActor(ctx: PlatformContext): AuditActor {
  return { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId };
}
