import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt } from '../../authz/rules.ts';

/**
 * The dashboard (ADR 007, 016): manager level or higher at the level asked about. Level roles apply at their level
 * and below, so that also covers every member the subtree lists.
 */
export const dashboardPolicy = {
  view: (ctx: ActorContext, level: { path: string }) => holdsAt(ctx, 'managerLevelOrHigher', level.path),
} as const;
