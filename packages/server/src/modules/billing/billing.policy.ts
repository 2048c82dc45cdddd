import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt } from '../../authz/rules.ts';

/** An organization as billing's rules see it: its id and the path of its top level. */
export type BillingOrganization = { id: string; rootPath: string };

/**
 * Who may do what with an organization's billing (ADR 031): its administrators at the top level (and platform
 * administrators) see and change the subscription, card, billing information and invoices; nobody else does.
 */
export const billingPolicy = {
  manage: (ctx: ActorContext, org: BillingOrganization) =>
    ctx.organizationId === org.id && holdsAt(ctx, 'adminLevel', org.rootPath),
} as const;
