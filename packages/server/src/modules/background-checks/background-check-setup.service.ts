import { and, asc, eq } from 'drizzle-orm';
import {
  isTazworksAgencyId,
  yardstikAccountClientId,
  type AddBackgroundCheckClientBody,
  type BackgroundCheckClient,
  type BackgroundCheckAgency,
  type BackgroundCheckProduct,
} from '@touchline/contracts/background-checks';
import type { ActorContext } from '../../authz/actor-context.ts';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { backgroundCheckClientGrants, backgroundCheckClients } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import {
  isClientGrantedTo,
  orderTargetFor,
  screeningPortOf,
} from '../../integrations/screening/order-targets.ts';

export type SetupDeps = Pick<Deps, 'db' | 'integrations'>;

/** The actor's own organization (another reads as not found), and admin level at its top (403 otherwise). */
export async function requireOrganizationAdmin(deps: SetupDeps, ctx: ActorContext, organizationId: string) {
  const root =
    organizationId === ctx.organizationId ? await liveRootLevel(deps.db, organizationId) : undefined;
  if (!root) throw notFound('Organization');
  authorize(holdsAt(ctx, 'adminLevel', root.path), 'Only administrators set up background checks');
}

function isSandbox(deps: SetupDeps): boolean {
  return deps.integrations.webhookSources.some((s) => s.provider === 'yardstik' && s.sandbox === true);
}

/**
 * GET background-check-agencies: the agencies this deployment can order from (Yardstik when configured, a
 * sandbox named as one) and Generic, the organization's own vendor whose reports are uploaded.
 */
export async function backgroundCheckAgencies(
  deps: SetupDeps,
  ctx: RequestContext,
): Promise<BackgroundCheckAgency[]> {
  await requireOrganizationAdmin(deps, ctx, ctx.organizationId);
  const agencies: BackgroundCheckAgency[] = [];
  if (deps.integrations.screening?.vendor === 'yardstik')
    agencies.push({ id: 'yardstik', name: 'Yardstik', vendorKind: 'Yardstik', sandbox: isSandbox(deps) });
  // Each TazWorks-platform agency by name (JDP, NCSI, ScoutLogic), as configured on its own (ADR 041).
  for (const agency of deps.integrations.tazworks?.agencies ?? [])
    agencies.push({
      id: agency.id,
      name: agency.agencyName,
      vendorKind: 'TazWorks',
      sandbox: agency.sandbox,
    });
  agencies.push({ id: 'generic', name: 'Your own vendor (Generic)', vendorKind: 'Generic', sandbox: false });
  return agencies;
}

async function packagesOf(deps: SetupDeps, ctx: RequestContext, agencyId: string, clientId: string) {
  const tazworks = deps.integrations.tazworks?.agency(agencyId);
  let port;
  if (agencyId === 'yardstik' && clientId === yardstikAccountClientId) {
    // The organization's own sub-account once activated (its packages are its own), else the deployment's.
    const target = await orderTargetFor(deps.db, ctx.organizationId, { vendor: 'yardstik', account: null });
    port = target ? await screeningPortOf(deps.db, deps.integrations, target) : null;
  } else if (
    tazworks &&
    // Only a client granted to this organization (issue 34): another's reads as not found, like an unknown one.
    (await isClientGrantedTo(deps.db, ctx.organizationId, agencyId, clientId))
  ) {
    const clients = await tazworks.listClients({ correlationId: ctx.requestId });
    if (clients.some((c) => c.id === clientId)) port = tazworks.portFor(clientId);
  }
  if (!port) throw notFound('Background check client');
  const packages = await port.listPackages({ correlationId: ctx.requestId });
  return packages.map((p): BackgroundCheckProduct => ({
    id: p.id,
    name: p.name,
    searches: p.searches,
    kind: p.kind ?? 'report',
  }));
}

/** GET {id}/background-check-products/{clientId}: the packages the organization's Yardstik account may order. */
export async function backgroundCheckProducts(
  deps: SetupDeps,
  ctx: RequestContext,
  { organizationId, clientId }: { organizationId: string; clientId: string },
): Promise<BackgroundCheckProduct[]> {
  await requireOrganizationAdmin(deps, ctx, organizationId);
  const [added] = await deps.db
    .select({ agencyId: backgroundCheckClients.agencyId })
    .from(backgroundCheckClients)
    .where(
      and(
        eq(backgroundCheckClients.organizationId, organizationId),
        eq(backgroundCheckClients.clientId, clientId),
      ),
    )
    .orderBy(asc(backgroundCheckClients.createdAt))
    .limit(1);
  return packagesOf(deps, ctx, added?.agencyId ?? 'yardstik', clientId);
}

/** GET preview-background-check-products/{agencyId}/{clientId}: an agency client's packages before adding it. */
export async function previewBackgroundCheckProducts(
  deps: SetupDeps,
  ctx: RequestContext,
  { agencyId, clientId }: { agencyId: string; clientId: string },
): Promise<BackgroundCheckProduct[]> {
  await requireOrganizationAdmin(deps, ctx, ctx.organizationId);
  return packagesOf(deps, ctx, agencyId, clientId);
}

/**
 * The clients an agency offers the organization: Yardstik's is the deployment's own account; a TazWorks-platform
 * agency's are those of its clients (`GET /v1/clients`) a platform administrator granted to this organization (issue
 * 34: the agency lists every customer's account to the deployment); Generic has none. Null: no such agency here.
 */
async function clientsOfAgency(
  deps: SetupDeps,
  agencyId: string,
  ctx: { requestId?: string; organizationId: string },
): Promise<BackgroundCheckClient[] | null> {
  if (agencyId === 'generic') return [];
  if (agencyId === 'yardstik' && deps.integrations.screening?.vendor === 'yardstik')
    return [
      {
        id: yardstikAccountClientId,
        agencyId,
        name: isSandbox(deps) ? 'Yardstik sandbox account' : 'Touchline’s Yardstik account',
      },
    ];
  const tazworks = deps.integrations.tazworks?.agency(agencyId);
  if (tazworks) {
    const granted = await deps.db
      .select({ clientId: backgroundCheckClientGrants.clientId })
      .from(backgroundCheckClientGrants)
      .where(
        and(
          eq(backgroundCheckClientGrants.agencyId, agencyId),
          eq(backgroundCheckClientGrants.organizationId, ctx.organizationId),
        ),
      );
    if (granted.length === 0) return [];
    const ours = new Set(granted.map((g) => g.clientId));
    const clients = await tazworks.listClients({ correlationId: ctx.requestId });
    return clients
      .filter((c) => ours.has(c.id) && /^[a-z0-9][a-z0-9-]{0,62}$/.test(c.id))
      .map((c) => ({ id: c.id, agencyId, name: c.name }));
  }
  return null;
}

/** GET available-background-check-clients/{agencyId}: the agency's clients the organization may add. */
export async function availableBackgroundCheckClients(
  deps: SetupDeps,
  ctx: RequestContext,
  { agencyId }: { agencyId: string },
): Promise<BackgroundCheckClient[]> {
  await requireOrganizationAdmin(deps, ctx, ctx.organizationId);
  const clients = await clientsOfAgency(deps, agencyId, ctx);
  if (!clients) throw notFound('Background check agency');
  return clients;
}

/** GET {id}/background-check-clients: the clients the organization added, oldest first. */
export async function backgroundCheckClientsOf(
  deps: SetupDeps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<BackgroundCheckClient[]> {
  await requireOrganizationAdmin(deps, ctx, organizationId);
  const rows = await deps.db
    .select()
    .from(backgroundCheckClients)
    .where(eq(backgroundCheckClients.organizationId, organizationId))
    .orderBy(asc(backgroundCheckClients.createdAt));
  return rows.map((r) => ({ id: r.clientId, agencyId: r.agencyId, name: r.name }));
}

/** POST {id}/background-check-client: adds one of an agency's clients (once; a repeat is 409). */
export async function addBackgroundCheckClient(
  deps: SetupDeps,
  ctx: RequestContext,
  { organizationId, ...body }: AddBackgroundCheckClientBody & { organizationId: string },
): Promise<BackgroundCheckClient> {
  await requireOrganizationAdmin(deps, ctx, organizationId);
  const clients = await clientsOfAgency(deps, body.agencyId, ctx);
  if (!clients)
    throw invalid([{ field: 'agencyId', in: 'body', message: 'This deployment has no such agency' }]);
  const client = clients.find((c) => c.id === body.clientId);
  // An agency whose clients are granted per organization (TazWorks) answers not found for one not granted here,
  // whether unknown or another organization's (issue 34); elsewhere the client list is the deployment's own.
  if (!client && isTazworksAgencyId(body.agencyId)) throw notFound('Background check client');
  if (!client) throw invalid([{ field: 'clientId', in: 'body', message: 'Not a client of this agency' }]);
  const [row] = await deps.db
    .insert(backgroundCheckClients)
    .values({
      organizationId,
      agencyId: body.agencyId,
      clientId: body.clientId,
      name: client.name,
      createdByUserId: ctx.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('This client is already added');
  return client;
}
