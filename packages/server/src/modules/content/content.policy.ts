import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAnywhere, holdsAt } from '../../authz/rules.ts';

/**
 * The content library rule table (ADR 013). The library belongs to the whole organization, so only admin level at
 * its top level creates, edits, orders or deletes definitions. Assignments are per level: admin level at the
 * assignment's level (a division's Admin assigns in their division); Directors and Managers never assign. Anyone
 * admin level somewhere reads the library, since they need it to assign.
 */
export const contentPolicy = {
  read: (ctx: ActorContext) => holdsAnywhere(ctx, 'adminLevel'),
  /** A member reads the content of a definition they (or a child they guard) must complete: form, waiver, video. */
  readAssigned: (ctx: ActorContext, holdsRequirement: boolean) =>
    holdsAnywhere(ctx, 'adminLevel') || holdsRequirement,
  manage: (ctx: ActorContext, root: { path: string }) => holdsAt(ctx, 'adminLevel', root.path),
  assignAt: (ctx: ActorContext, level: { path: string }) => holdsAt(ctx, 'adminLevel', level.path),
} as const;
