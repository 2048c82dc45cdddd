import { Role } from '@touchline/contracts/roles';
import { ErrorCode } from '@touchline/contracts/errors';
import type { AuditActor } from '../../db/audit.ts';
import type { ActorRequestContext } from '../../deps.ts';
import { AppError } from '../../errors.ts';

/** Who asks in the /admin area: the token's actor with the request id, the method and path for the 404's words. */
export type AdminContext = ActorRequestContext;

/**
 * Refuses anyone but a platform administrator (TouchlineAdmin, spec §6) with the very 404 an unknown route gets
 * (issue 32: "never a hint it exists"), whatever the request asked.
 */
export function assertTouchlineAdmin(ctx: Pick<AdminContext, 'roles'>, method: string, url: string): void {
  if (!ctx.roles.includes(Role.TouchlineAdmin))
    throw new AppError(ErrorCode.NotFound, `Route ${method} ${url.split('?')[0]} not found`);
}

/** The audit trail's actor for a platform administrator's request. */
export function adminAuditActor(ctx: AdminContext): AuditActor {
  return { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId };
}
