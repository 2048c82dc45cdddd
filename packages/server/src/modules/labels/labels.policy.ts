import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAnywhere, holdsAt } from '../../authz/rules.ts';

/**
 * The label rule table (ADR 007). Labels belong to the whole organization and some of them carry its roles, so
 * only admin level at the organization's top level adds, renames, re-roles, reorders or deletes them. Whether the
 * actor may give a label is the members module's rule without a level: a role-carrying label is an
 * administrator's to give, a plain one a manager's.
 */
export const labelPolicy = {
  manage: (ctx: ActorContext, root: { path: string }) => holdsAt(ctx, 'adminLevel', root.path),
  assign: (ctx: ActorContext, label: { role: string | null }) =>
    holdsAnywhere(ctx, label.role === null ? 'managerLevelOrHigher' : 'adminLevel'),
} as const;
