import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt } from '../../authz/rules.ts';

/**
 * Who may invite (ADR 007): manager level or higher at the level; a label that carries an organization role can only
 * be given by an administrator there, so a Manager cannot make an Admin (or a Director) of anyone.
 */
export const invitationPolicy = {
  invite: (ctx: ActorContext, level: { path: string }) => holdsAt(ctx, 'managerLevelOrHigher', level.path),
  grantLabel: (ctx: ActorContext, level: { path: string }, label: { role: string | null }) =>
    label.role === null || holdsAt(ctx, 'adminLevel', level.path),
  resend: (ctx: ActorContext, level: { path: string }) => holdsAt(ctx, 'managerLevelOrHigher', level.path),
} as const;
