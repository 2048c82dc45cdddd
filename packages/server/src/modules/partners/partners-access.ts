import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
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

/**
 * The registration (and its connection) an access came from, or none: the member's own access, or the access a
 * child's registration made or reused for their guardian (`asGuardian`; ADR 041 part five). `accessId` is the one
 * matched.
 */
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
        or(
          inArray(partnerRegistrations.profileLevelAccessId, accessIds),
          inArray(partnerRegistrations.guardianProfileLevelAccessId, accessIds),
        ),
      ),
    )
    // The member's own registration before one naming them as a guardian, a live one before a withdrawn one, then
    // the oldest.
    .orderBy(
      sql`case when ${inArray(partnerRegistrations.profileLevelAccessId, accessIds)} then 0 else 1 end`,
      sql`case when ${partnerRegistrations.status} = 'invited' then 0 else 1 end`,
      asc(partnerRegistrations.createdAt),
    )
    .limit(1);
  if (!row) return undefined;
  const own = row.registration.profileLevelAccessId;
  const asGuardian = !(own && accessIds.includes(own));
  const accessId = asGuardian ? row.registration.guardianProfileLevelAccessId : own;
  return { ...row, asGuardian, accessId };
}
