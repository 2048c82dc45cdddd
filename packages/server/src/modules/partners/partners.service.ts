import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PartnerProviderType } from '@touchline/contracts/integrations';
import {
  partnerDisplayName,
  partnerLogoPath,
  type ConnectPartnerBody,
  type MapPartnerProgramBody,
  type PartnerConnection,
  type PartnerMappingTargets,
  type PartnerOfProfile,
  type PartnerProgram,
  type PrefillData,
} from '@touchline/contracts/partners';
import type { ActorContext } from '../../authz/actor-context.ts';
import { findLiveLevel, liveRootLevel } from '../../authz/live-queries.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import {
  hierarchyLevels,
  labels,
  partnerConnections,
  partnerProgramMappings,
  partnerRegistrations,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { PartnerCredentialsRefused, type PartnerPerson } from '../../integrations/partners/port.ts';
import { VendorError } from '../../integrations/http/vendor-errors.ts';
import { admit, partnerSyncJob } from './partners-sync.ts';

export type PartnerDeps = Pick<Deps, 'db' | 'integrations' | 'jobs' | 'appUrl'>;

/** The actor's own organization (another reads as not found), and admin level at its top (403 otherwise). */
async function requireAdmin(deps: PartnerDeps, ctx: ActorContext, organizationId: string) {
  const root =
    organizationId === ctx.organizationId ? await liveRootLevel(deps.db, organizationId) : undefined;
  if (!root) throw notFound('Organization');
  authorize(holdsAt(ctx, 'adminLevel', root.path), 'Only administrators connect league partners');
}

function partnersOf(deps: PartnerDeps) {
  const partners = deps.integrations.partners;
  if (!partners)
    throw invalid([{ field: 'providerType', in: 'body', message: 'This deployment connects no partners' }]);
  return partners;
}

async function connectionOf(deps: PartnerDeps, organizationId: string, connectionId: string) {
  const [row] = await deps.db
    .select()
    .from(partnerConnections)
    .where(
      and(eq(partnerConnections.organizationId, organizationId), eq(partnerConnections.id, connectionId)),
    );
  if (!row) throw notFound('Partner connection');
  return row;
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

/** GET {id}/partners/{connectionId}/programs: the programs seen so far, their mapping and how many registered. */
export async function listPartnerPrograms(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId, connectionId }: { organizationId: string; connectionId: string },
): Promise<PartnerProgram[]> {
  await requireAdmin(deps, ctx, organizationId);
  const row = await connectionOf(deps, organizationId, connectionId);
  const programs = await deps.db
    .select({
      programId: partnerRegistrations.programId,
      name: sql<string>`max(${partnerRegistrations.programName})`,
      registrations: count(),
    })
    .from(partnerRegistrations)
    .where(eq(partnerRegistrations.connectionId, row.id))
    .groupBy(partnerRegistrations.programId)
    .orderBy(asc(partnerRegistrations.programId));
  const mappings = await mappingsOf(deps, row.id);
  const known = new Set(programs.map((p) => p.programId));
  const listed: PartnerProgram[] = programs.map((p) => ({
    programId: p.programId,
    name: p.name,
    registrations: p.registrations,
    mapping: mappings.get(p.programId) ?? null,
  }));
  for (const [programId, mapping] of mappings)
    if (!known.has(programId)) listed.push({ programId, name: programId, registrations: 0, mapping });
  return listed;
}

async function mappingsOf(deps: PartnerDeps, connectionId: string) {
  const rows = await deps.db
    .select({
      programId: partnerProgramMappings.programId,
      hierarchyLevelId: partnerProgramMappings.hierarchyLevelId,
      labelId: partnerProgramMappings.labelId,
      labelName: labels.name,
      levelName: sql<string>`(select name from hierarchy_levels where id = ${partnerProgramMappings.hierarchyLevelId})`,
    })
    .from(partnerProgramMappings)
    .innerJoin(labels, eq(labels.id, partnerProgramMappings.labelId))
    .where(eq(partnerProgramMappings.connectionId, connectionId));
  return new Map(
    rows.map((r) => [
      r.programId,
      {
        hierarchyLevelId: r.hierarchyLevelId,
        labelId: r.labelId,
        levelName: r.levelName,
        labelName: r.labelName,
      },
    ]),
  );
}

/**
 * PUT {id}/partners/{connectionId}/mappings/{programId}: maps a partner program to a level and a role label of the
 * organization (404 for another's), then admits the registrations that waited for it (unmapped → invited).
 */
export async function mapPartnerProgram(
  deps: PartnerDeps,
  ctx: RequestContext,
  {
    organizationId,
    connectionId,
    programId,
    body,
  }: { organizationId: string; connectionId: string; programId: string; body: MapPartnerProgramBody },
): Promise<PartnerProgram> {
  await requireAdmin(deps, ctx, organizationId);
  const row = await connectionOf(deps, organizationId, connectionId);
  await deps.db.transaction(async (tx) => {
    const level = await findLiveLevel(tx, organizationId, body.hierarchyLevelId);
    if (!level) throw notFound('Level');
    const [label] = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(
        and(eq(labels.organizationId, organizationId), eq(labels.id, body.labelId), isNull(labels.deletedAt)),
      );
    if (!label) throw notFound('Label');
    await tx
      .insert(partnerProgramMappings)
      .values({ connectionId: row.id, programId, hierarchyLevelId: level.id, labelId: label.id })
      .onConflictDoUpdate({
        target: [partnerProgramMappings.connectionId, partnerProgramMappings.programId],
        set: { hierarchyLevelId: level.id, labelId: label.id, updatedAt: new Date() },
      });
    await recordAuditEvent(tx, ctx, {
      organizationId,
      action: 'partner.program-mapped',
      entityType: 'partner_connection',
      entityId: row.id,
      data: { programId, hierarchyLevelId: level.id, labelId: label.id },
    });
    const waiting = await tx
      .select()
      .from(partnerRegistrations)
      .where(
        and(
          eq(partnerRegistrations.connectionId, row.id),
          eq(partnerRegistrations.programId, programId),
          eq(partnerRegistrations.status, 'unmapped'),
        ),
      )
      .for('update');
    for (const w of waiting)
      if (w.prefill)
        await admit(deps, tx, row, {
          id: w.id,
          programId: w.programId,
          role: w.role,
          memberId: w.memberId,
          person: w.prefill as PartnerPerson,
        });
  });
  const programs = await listPartnerPrograms(deps, ctx, { organizationId, connectionId });
  const mapped = programs.find((p) => p.programId === programId);
  if (!mapped) throw notFound('Partner program');
  return mapped;
}

/** The registration (and its connection) an access came from, or none. */
async function registrationOfAccess(deps: Pick<Deps, 'db'>, organizationId: string, accessIds: string[]) {
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

/** The active profile's `partner` (spec §3): the partner the current profile's membership came from, or null. */
export async function partnerOfCurrentProfile(
  deps: Pick<Deps, 'db'>,
  ctx: Pick<RequestContext, 'organizationId' | 'profileId'>,
): Promise<{ id: string; name: string; providerType: string } | null> {
  const [row] = await deps.db
    .select({ id: partnerConnections.id, providerType: partnerConnections.providerType })
    .from(partnerRegistrations)
    .innerJoin(partnerConnections, eq(partnerConnections.id, partnerRegistrations.connectionId))
    .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.id, partnerRegistrations.profileLevelAccessId))
    .where(
      and(
        eq(partnerRegistrations.organizationId, ctx.organizationId),
        eq(profileLevelAccesses.profileId, ctx.profileId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .orderBy(asc(partnerRegistrations.createdAt))
    .limit(1);
  if (!row) return null;
  const type = row.providerType as PartnerProviderType;
  return { id: row.id, name: partnerDisplayName[type], providerType: type };
}

/**
 * The partner a membership came from (GET /api/app/profile/partner-from-current-profile[/{plaId}]): the named
 * access (already checked readable by the caller), or any live access of the current profile; null when none.
 */
export async function partnerOfAccesses(
  deps: Pick<Deps, 'db' | 'integrations' | 'appUrl'>,
  ctx: RequestContext,
  accessId: string | undefined,
): Promise<PartnerOfProfile | null> {
  const ids = accessId
    ? [accessId]
    : (
        await deps.db
          .select({ id: profileLevelAccesses.id })
          .from(profileLevelAccesses)
          .where(
            and(
              eq(profileLevelAccesses.organizationId, ctx.organizationId),
              eq(profileLevelAccesses.profileId, ctx.profileId),
              isNull(profileLevelAccesses.deletedAt),
            ),
          )
      ).map((r) => r.id);
  const found = await registrationOfAccess(deps, ctx.organizationId, ids);
  if (!found) return null;
  const type = found.connection.providerType as PartnerProviderType;
  const partners = deps.integrations.partners;
  const credentials = partners?.open(found.connection.id, found.connection.credentialsSealed);
  let returnUrl = `${deps.appUrl.replace(/\/$/, '')}/dashboard`;
  if (partners && credentials) {
    const port = partners.portFor(found.connection, credentials, deps.appUrl);
    returnUrl = port.returnUrl;
    await port.close();
  }
  return {
    id: found.connection.id,
    providerType: type,
    name: partnerDisplayName[type],
    logo: partnerLogoPath[type],
    returnUrl,
    sandbox: partners?.isSandbox(type) ?? false,
    profileLevelAccessId: found.registration.profileLevelAccessId,
  };
}

/**
 * GET /api/app/prefill-provider/prefill-data/{id}: what the partner knows of the member of access `id`, for the member
 * (or the guardian of a child member) to confirm into our forms; never saved here. Another organization's access is
 * 404; anyone else (a manager included: least reads of children's data) 403; none known, null (204). Audited.
 */
export async function prefillData(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { accessId }: { accessId: string },
): Promise<PrefillData | null> {
  const [access] = await deps.db
    .select({ profileId: profileLevelAccesses.profileId, guardianProfileId: profiles.guardianProfileId })
    .from(profileLevelAccesses)
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .where(
      and(
        eq(profileLevelAccesses.organizationId, ctx.organizationId),
        eq(profileLevelAccesses.id, accessId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  if (!access) throw notFound('Profile level access');
  authorize(
    access.profileId === ctx.profileId || access.guardianProfileId === ctx.profileId,
    'Only the member or their guardian sees what the partner knows',
  );
  const found = await registrationOfAccess(deps, ctx.organizationId, [accessId]);
  const person = found?.registration.prefill as PartnerPerson | null | undefined;
  if (!found || !person) return null;
  await recordAuditEvent(deps.db, ctx, {
    organizationId: ctx.organizationId,
    action: 'partner.prefill-read',
    entityType: 'profile_level_access',
    entityId: accessId,
    data: { connectionId: found.connection.id },
  });
  const type = found.connection.providerType as PartnerProviderType;
  return {
    source: { providerType: type, name: partnerDisplayName[type] },
    firstName: person.firstName || null,
    lastName: person.lastName || null,
    dateOfBirth: person.dateOfBirth,
    email: person.email || null,
    phone: person.phone,
    address: person.address,
    guardian: person.guardian,
    emergencyContact: person.emergencyContact,
  };
}

/**
 * DELETE /api/app/prefill-provider/prefill-data/{id} (ours; the spec names only the GET): the member (or guardian)
 * has used or dismissed what the partner sent, so it is no longer kept (least kept for shortest time). The same
 * reads as the GET: another organization's access 404, anyone else 403. Later syncs do not store it again.
 */
export async function clearPrefillData(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { accessId }: { accessId: string },
): Promise<void> {
  const [access] = await deps.db
    .select({ profileId: profileLevelAccesses.profileId, guardianProfileId: profiles.guardianProfileId })
    .from(profileLevelAccesses)
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .where(
      and(
        eq(profileLevelAccesses.organizationId, ctx.organizationId),
        eq(profileLevelAccesses.id, accessId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  if (!access) throw notFound('Profile level access');
  authorize(
    access.profileId === ctx.profileId || access.guardianProfileId === ctx.profileId,
    'Only the member or their guardian uses what the partner knows',
  );
  await deps.db.transaction(async (tx) => {
    const cleared = await tx
      .update(partnerRegistrations)
      .set({ prefill: null, updatedAt: new Date() })
      .where(
        and(
          eq(partnerRegistrations.organizationId, ctx.organizationId),
          eq(partnerRegistrations.profileLevelAccessId, accessId),
          isNotNull(partnerRegistrations.prefill),
        ),
      )
      .returning({ id: partnerRegistrations.id });
    if (cleared.length > 0)
      await recordAuditEvent(tx, ctx, {
        organizationId: ctx.organizationId,
        action: 'partner.prefill-cleared',
        entityType: 'profile_level_access',
        entityId: accessId,
        data: { registrations: cleared.length },
      });
  });
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

/** GET {id}/partners/mapping-targets: the organization's live levels (in tree order) and role labels. */
export async function partnerMappingTargets(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<PartnerMappingTargets> {
  await requireAdmin(deps, ctx, organizationId);
  const levels = await deps.db
    .select({ id: hierarchyLevels.id, name: hierarchyLevels.name, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(and(eq(hierarchyLevels.organizationId, organizationId), isNull(hierarchyLevels.deletedAt)))
    .orderBy(asc(hierarchyLevels.path));
  const roleLabels = await deps.db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), isNull(labels.deletedAt)))
    .orderBy(asc(labels.sortOrder), asc(labels.name));
  return {
    levels: levels.map((l) => ({
      id: l.id,
      name: l.name,
      depth: l.path.split('/').filter(Boolean).length - 1,
    })),
    labels: roleLabels,
  };
}
