import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt } from '../../authz/rules.ts';
import type { DirectoryUser } from '../../plugins/identity-directory.ts';

/** An organization as the rules see it: its id and the path of its top level. */
export type OrganizationRow = { id: string; rootPath: string };

const inOrganization = (ctx: ActorContext, org: OrganizationRow) => ctx.organizationId === org.id;

/**
 * Who may do what with organizations (ADR 007). Any confirmed account may create one (a league signs itself up);
 * every member sees the organization's photo; admin-level at the top level changes it.
 */
export const organizationPolicy = {
  create: (user: DirectoryUser) => user.emailConfirmed,
  viewFiles: (ctx: ActorContext, org: OrganizationRow) => inOrganization(ctx, org),
  manageFiles: (ctx: ActorContext, org: OrganizationRow) =>
    inOrganization(ctx, org) && holdsAt(ctx, 'adminLevel', org.rootPath),
} as const;
