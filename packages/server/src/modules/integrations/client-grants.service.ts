import { and, asc, eq } from 'drizzle-orm';
import type {
  BackgroundCheckClientGrant,
  GrantBackgroundCheckClientBody,
} from '@touchline/contracts/background-checks';
import { recordAuditEvent } from '../../db/audit.ts';
import { backgroundCheckClientGrants, backgroundCheckClients, organizations } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { assertPlatformAdmin, platformAuditActor, type PlatformContext } from './platform-admin.ts';

/**
 * Which organization each agency client belongs to (issue 34, ADR 035). A TazWorks-platform agency lists all its
 * customers' client accounts to the deployment, so the platform administrator grants each to exactly one
 * organization; an organization sees, adds and orders on its granted clients only. Every grant and withdrawal is
 * audited in the organization's own log.
 */
export type ClientGrantDeps = Pick<Deps, 'db' | 'integrations'>;

const entityType = 'background_check_client';

async function agencyClients(deps: ClientGrantDeps, agencyId: string, ctx: PlatformContext) {
  const agency = deps.integrations.tazworks?.agency(agencyId);
  if (!agency) return null;
  return agency.listClients({ correlationId: ctx.requestId });
}

/** GET background-check-client-grants: the agency's clients, each with the organization it is granted to. */
export async function listClientGrants(
  deps: ClientGrantDeps,
  ctx: PlatformContext,
): Promise<BackgroundCheckClientGrant[]> {
  assertPlatformAdmin(ctx, 'grant agency clients');
  const grants = await deps.db
    .select({
      agencyId: backgroundCheckClientGrants.agencyId,
      clientId: backgroundCheckClientGrants.clientId,
      organizationId: backgroundCheckClientGrants.organizationId,
      organizationName: organizations.name,
      grantedAt: backgroundCheckClientGrants.createdAt,
    })
    .from(backgroundCheckClientGrants)
    .innerJoin(organizations, eq(organizations.id, backgroundCheckClientGrants.organizationId))
    .orderBy(asc(backgroundCheckClientGrants.agencyId), asc(backgroundCheckClientGrants.clientId));
  const byClient = new Map(grants.map((g) => [`${g.agencyId}/${g.clientId}`, g]));
  // Every configured TazWorks-platform agency's clients, each under its own agency (ADR 041).
  const clients = (await deps.integrations.tazworks?.listClients({ correlationId: ctx.requestId })) ?? [];
  const listed: BackgroundCheckClientGrant[] = clients.map((c) => {
    const grant = byClient.get(`${c.agencyId}/${c.id}`);
    byClient.delete(`${c.agencyId}/${c.id}`);
    return {
      agencyId: c.agencyId,
      clientId: c.id,
      name: c.name,
      organizationId: grant?.organizationId ?? null,
      organizationName: grant?.organizationName ?? null,
      grantedAt: grant?.grantedAt.toISOString() ?? null,
    };
  });
  // A grant whose client the agency no longer lists stays visible, so it can be withdrawn.
  for (const g of byClient.values())
    listed.push({
      agencyId: g.agencyId,
      clientId: g.clientId,
      name: '(no longer listed by the agency)',
      organizationId: g.organizationId,
      organizationName: g.organizationName,
      grantedAt: g.grantedAt.toISOString(),
    });
  return listed;
}

/** POST background-check-client-grants: grants one of the agency's clients to one organization (once). */
export async function grantClient(
  deps: ClientGrantDeps,
  ctx: PlatformContext,
  body: GrantBackgroundCheckClientBody,
): Promise<BackgroundCheckClientGrant> {
  assertPlatformAdmin(ctx, 'grant agency clients');
  const clients = await agencyClients(deps, body.agencyId, ctx);
  if (!clients)
    throw invalid([{ field: 'agencyId', in: 'body', message: 'This deployment has no such agency' }]);
  const client = clients.find((c) => c.id === body.clientId);
  if (!client) throw invalid([{ field: 'clientId', in: 'body', message: 'Not a client of this agency' }]);
  return deps.db.transaction(async (tx) => {
    const [organization] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, body.organizationId));
    if (!organization) throw notFound('Organization');
    const [row] = await tx
      .insert(backgroundCheckClientGrants)
      .values({ ...body, grantedByUserId: ctx.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('This client is already granted: withdraw that grant first');
    await recordAuditEvent(tx, platformAuditActor(ctx), {
      organizationId: organization.id,
      action: 'background-check-client.granted',
      entityType,
      data: { agencyId: body.agencyId, clientId: body.clientId, name: client.name },
    });
    return {
      agencyId: row.agencyId,
      clientId: row.clientId,
      name: client.name,
      organizationId: organization.id,
      organizationName: organization.name,
      grantedAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * DELETE background-check-client-grants/{agencyId}/{clientId}: the client no longer belongs to its organization;
 * the organization's use of it is removed too, and orders are refused on it from now on (checked at use time).
 */
export async function withdrawClientGrant(
  deps: ClientGrantDeps,
  ctx: PlatformContext,
  { agencyId, clientId }: { agencyId: string; clientId: string },
): Promise<void> {
  assertPlatformAdmin(ctx, 'grant agency clients');
  await deps.db.transaction(async (tx) => {
    const [grant] = await tx
      .delete(backgroundCheckClientGrants)
      .where(
        and(
          eq(backgroundCheckClientGrants.agencyId, agencyId),
          eq(backgroundCheckClientGrants.clientId, clientId),
        ),
      )
      .returning();
    if (!grant) throw notFound('Background check client grant');
    await tx
      .delete(backgroundCheckClients)
      .where(
        and(
          eq(backgroundCheckClients.organizationId, grant.organizationId),
          eq(backgroundCheckClients.agencyId, agencyId),
          eq(backgroundCheckClients.clientId, clientId),
        ),
      );
    await recordAuditEvent(tx, platformAuditActor(ctx), {
      organizationId: grant.organizationId,
      action: 'background-check-client.withdrawn',
      entityType,
      data: { agencyId, clientId },
    });
  });
}
