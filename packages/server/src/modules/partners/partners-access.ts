import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ActorContext } from '../../authz/actor-context.ts';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import { partnerConnections, partnerRegistrations } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';

export type PartnerDeps = Pick<Deps, 'db' | 'integrations' | 'jobs' | 'appUrl'>;

/** The actor's own organization (another reads as not found), and admin level at its top (403 otherwise). */
export async function requireAdmin(deps: PartnerDeps, ctx: ActorContext, organizationId: string) {
  const root =
    organizationId === ctx.organizationId ? await liveRootLevel(deps.db, organizationId) : undefined;
  if (!root) throw notFound('Organization');
  authorize(holdsAt(ctx, 'adminLevel', root.path), 'Only administrators connect league partners');
}

export async function connectionOf(deps: PartnerDeps, organizationId: string, connectionId: string) {
  const [row] = await deps.db
    .select()
    .from(partnerConnections)
    .where(
      and(eq(partnerConnections.organizationId, organizationId), eq(partnerConnections.id, connectionId)),
    );
  if (!row) throw notFound('Partner connection');
  return row;
}

/** The registration (and its connection) an access came from, or none. */
export async function registrationOfAccess(
  deps: Pick<Deps, 'db'>,
  organizationId: string,
  accessIds: string[],
) {
  if (accessIds.length === 0) return undefined;
  const [row] = await deps.db
    .select({ registration: partnerRegistrations, connection: partnerConnections })
    .from(partnerRegistrations)
    .innerJoin(partnerConnections, eq(partnerConnections.id, partnerRegistrations.connectionId))
    .where(
      and(
        eq(partnerRegistrations.organizationId, organizationId),
        inArray(partnerRegistrations.profileLevelAccessId, accessIds),
      ),
    )
    .orderBy(asc(partnerRegistrations.createdAt))
    .limit(1);
  return row;
}
