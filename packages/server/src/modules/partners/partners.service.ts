import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { PartnerProviderType } from '@touchline/contracts/integrations';
import {
  partnerDisplayName,
  partnerLogoPath,
  type ConnectPartnerBody,
  type PartnerConnection,
} from '@touchline/contracts/partners';
import { recordAuditEvent } from '../../db/audit.ts';
import { partnerConnections, partnerRegistrations } from '../../db/schema/index.ts';
import type { RequestContext } from '../../deps.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { PartnerCredentialsRefused } from '../../integrations/partners/port.ts';
import { VendorError } from '../../integrations/http/vendor-errors.ts';
import { partnerSyncJob } from './partners-sync.ts';
import { connectionOf, requireAdmin, type PartnerDeps } from './partners-access.ts';

function partnersOf(deps: PartnerDeps) {
  const partners = deps.integrations.partners;
  if (!partners)
    throw invalid([{ field: 'providerType', in: 'body', message: 'This deployment connects no partners' }]);
  return partners;
}

/** GET {id}/partners: the organization's partner connections with their sync state (never their credentials). */
export async function listPartnerConnections(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<PartnerConnection[]> {
  await requireAdmin(deps, ctx, organizationId);
  const rows = await deps.db
    .select()
    .from(partnerConnections)
    .where(eq(partnerConnections.organizationId, organizationId))
    .orderBy(asc(partnerConnections.createdAt));
  const tallies = rows.length
    ? await deps.db
        .select({
          connectionId: partnerRegistrations.connectionId,
          status: partnerRegistrations.status,
          n: count(),
        })
        .from(partnerRegistrations)
        .where(
          inArray(
            partnerRegistrations.connectionId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(partnerRegistrations.connectionId, partnerRegistrations.status)
    : [];
  return rows.map((row) => {
    const of = (status: string) =>
      tallies.filter((t) => t.connectionId === row.id && t.status === status).reduce((a, t) => a + t.n, 0);
    return present(deps, row, {
      registrations: tallies.filter((t) => t.connectionId === row.id).reduce((a, t) => a + t.n, 0),
      invited: of('invited'),
      unmapped: of('unmapped'),
      withdrawn: of('withdrawn'),
    });
  });
}

function present(
  deps: PartnerDeps,
  row: typeof partnerConnections.$inferSelect,
  tally: { registrations: number; invited: number; unmapped: number; withdrawn: number },
): PartnerConnection {
  const type = row.providerType as PartnerProviderType;
  return {
    id: row.id,
    providerType: type,
    name: partnerDisplayName[type],
    logo: partnerLogoPath[type],
    siteId: row.siteId,
    connectedAs: row.connectedAs,
    state: row.state === 'failing' ? 'failing' : 'connected',
    sandbox: deps.integrations.partners?.isSandbox(type) ?? false,
    sync: {
      lastRunAt: row.lastSyncAt?.toISOString() ?? null,
      lastError: row.lastSyncError,
      ...tally,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST {id}/partners: connects the organization to a partner, testing the credentials first ("connected as …"):
 * refused credentials are 400 on the key, an unreachable partner 400 on the site (nothing is stored either way).
 * Sealed at rest; one connection per partner (409). The first sync is queued.
 */
export async function connectPartner(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId, body }: { organizationId: string; body: ConnectPartnerBody },
): Promise<PartnerConnection> {
  await requireAdmin(deps, ctx, organizationId);
  const partners = partnersOf(deps);
  const [existing] = await deps.db
    .select({ id: partnerConnections.id })
    .from(partnerConnections)
    .where(
      and(
        eq(partnerConnections.organizationId, organizationId),
        eq(partnerConnections.providerType, body.providerType),
      ),
    );
  const name = partnerDisplayName[body.providerType];
  if (existing)
    throw conflict(`This organization is already connected to ${name}: remove that connection first`);
  const credentials =
    body.providerType === 'LeagueApps'
      ? { clientId: body.clientId, privateKeyPem: body.privateKeyPem }
      : body.providerType === 'Amilia'
        ? { apiKey: body.apiKey, apiSecret: body.apiSecret, webhookSecret: body.webhookSecret }
        : {};
  const keyField = body.providerType === 'Amilia' ? 'apiKey' : 'privateKeyPem';
  let port;
  try {
    port = partners.portFor(body, credentials, deps.appUrl);
  } catch {
    throw invalid([{ field: keyField, in: 'body', message: 'These credentials cannot be read' }]);
  }
  let connectedAs: string;
  try {
    ({ connectedAs } = await port.test({ correlationId: ctx.requestId }));
  } catch (err) {
    if (err instanceof PartnerCredentialsRefused)
      throw invalid([{ field: keyField, in: 'body', message: err.message }], err.message);
    if (err instanceof VendorError) {
      const message = `${name} could not be reached to test the connection: try again`;
      throw invalid([{ field: 'siteId', in: 'body', message }], message);
    }
    throw err;
  } finally {
    await port.close();
  }
  const id = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(partnerConnections)
      .values({
        id,
        organizationId,
        providerType: body.providerType,
        siteId: body.siteId,
        credentialsSealed: partners.seal(id, credentials),
        connectedAs,
        createdByUserId: ctx.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted)
      throw conflict(`This organization is already connected to ${name}: remove that connection first`);
    await recordAuditEvent(tx, ctx, {
      organizationId,
      action: 'partner.connected',
      entityType: 'partner_connection',
      entityId: id,
      data: { providerType: body.providerType, siteId: body.siteId, connectedAs },
    });
    await deps.jobs.enqueue(tx, partnerSyncJob, { connectionId: id });
    return inserted;
  });
  return present(deps, row, { registrations: 0, invited: 0, unmapped: 0, withdrawn: 0 });
}

/** DELETE {id}/partners/{connectionId}: removes the connection and its sealed credentials; members made stay. */
export async function removePartner(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId, connectionId }: { organizationId: string; connectionId: string },
): Promise<void> {
  await requireAdmin(deps, ctx, organizationId);
  const row = await connectionOf(deps, organizationId, connectionId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(partnerConnections).where(eq(partnerConnections.id, row.id));
    await recordAuditEvent(tx, ctx, {
      organizationId,
      action: 'partner.removed',
      entityType: 'partner_connection',
      entityId: row.id,
      data: { providerType: row.providerType, siteId: row.siteId },
    });
  });
}

/** POST {id}/partners/{connectionId}/sync: queues a sync now (it runs through the job queue). */
export async function queuePartnerSync(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId, connectionId }: { organizationId: string; connectionId: string },
): Promise<{ queued: boolean }> {
  await requireAdmin(deps, ctx, organizationId);
  const row = await connectionOf(deps, organizationId, connectionId);
  await deps.jobs.enqueue(deps.db, partnerSyncJob, { connectionId: row.id });
  return { queued: true };
}

/**
 * GET {id}/partners/sandbox-site: the LeagueApps sandbox's demo site and its key, so a developer or a demo can connect
 * it (development only: 404 wherever LeagueApps itself, not our sandbox, is configured).
 */
export async function leagueAppsSandboxSite(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<{ siteId: string; clientId: string; privateKeyPem: string; memberPortalUrl?: string }> {
  await requireAdmin(deps, ctx, organizationId);
  const leagueApps = deps.integrations.partners?.leagueApps;
  if (!leagueApps?.sandbox || !leagueApps.sandboxSite) throw notFound('LeagueApps sandbox site');
  const site = leagueApps.sandboxSite;
  // The sandbox's member portal for this site (ADR 041): where a demo's player starts partner sign-in.
  const portal = leagueApps.memberPortalUrl && `${leagueApps.memberPortalUrl}/sites/${site.siteId}`;
  return portal ? { ...site, memberPortalUrl: portal } : site;
}

/**
 * GET {id}/partners/amilia-sandbox-organization: the Amilia sandbox's demo organization, its API key and a webhook
 * subscription for this organization's webhook URL (its signing secret), so a developer or a demo can connect it
 * (development only: 404 wherever Amilia itself, not our sandbox, is configured).
 */
export async function amiliaSandboxOrganization(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<{ siteId: string; apiKey: string; apiSecret: string; webhookSecret: string }> {
  await requireAdmin(deps, ctx, organizationId);
  const amilia = deps.integrations.partners?.amilia;
  if (!amilia?.sandbox || !amilia.sandboxOrganization || !amilia.subscribeSandboxWebhook)
    throw notFound('Amilia sandbox organization');
  const { secret } = amilia.subscribeSandboxWebhook(amilia.sandboxOrganization.siteId, organizationId);
  return { ...amilia.sandboxOrganization, webhookSecret: secret };
}
