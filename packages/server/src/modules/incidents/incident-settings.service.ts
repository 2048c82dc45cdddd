import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { builtInIncidentTypes, type IncidentType } from '@touchline/contracts/incidents';
import {
  type AddIncidentTypeBody,
  type IncidentSettings,
  type OwnIncidentType,
  type OwnIncidentTypes,
} from '@touchline/contracts/incident-settings';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { incidentSettings, incidentTypes } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { settingsOf } from './incidents.queries.ts';

type SettingsDeps = Pick<Deps, 'db'>;

/** Administrators of the organization (at its top) manage who reads incidents and which types exist. */
async function requireAdmin(deps: SettingsDeps, ctx: RequestContext) {
  const root = await liveRootLevel(deps.db, ctx.organizationId);
  if (!root) throw notFound('Organization');
  authorize(holdsAt(ctx, 'adminLevel', root.path), 'Only administrators change incident settings');
}

/** GET /api/app/incident/settings. */
export async function getIncidentSettings(
  deps: SettingsDeps,
  ctx: RequestContext,
): Promise<IncidentSettings> {
  await requireAdmin(deps, ctx);
  const s = await settingsOf(deps.db, ctx.organizationId);
  return {
    accessRoles: s.accessRoles as IncidentSettings['accessRoles'],
    triageHours: s.triageHours,
    guardianNoticeTypes: s.guardianNoticeTypes,
  };
}

/** PUT /api/app/incident/settings: the roles granted incident access and the triage deadline, audited. */
export async function putIncidentSettings(
  deps: SettingsDeps,
  ctx: RequestContext,
  body: IncidentSettings,
): Promise<IncidentSettings> {
  await requireAdmin(deps, ctx);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(incidentSettings)
      .values({ organizationId: ctx.organizationId, ...body })
      .onConflictDoUpdate({
        target: incidentSettings.organizationId,
        set: { ...body, updatedAt: new Date() },
      });
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'incident.settings_updated',
        entityType: 'organization',
        entityId: ctx.organizationId,
        data: body,
      },
    );
  });
  return body;
}

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'type';

/**
 * POST /api/app/incident/incident-types: the organization's own type (its code from its name). Removal from play and
 * mandatory reporting stay with the built-in types, which are law, not preference (ADR 040). A name already used is 409.
 */
export async function addIncidentType(
  deps: SettingsDeps,
  ctx: RequestContext,
  body: Required<AddIncidentTypeBody>,
): Promise<IncidentType> {
  await requireAdmin(deps, ctx);
  const code = `org-${slug(body.name)}`;
  const taken =
    builtInIncidentTypes.some((t) => t.name.toLowerCase() === body.name.toLowerCase()) ||
    (
      await deps.db
        .select({ id: incidentTypes.id })
        .from(incidentTypes)
        .where(
          and(
            eq(incidentTypes.organizationId, ctx.organizationId),
            eq(incidentTypes.code, code),
            isNull(incidentTypes.archivedAt),
          ),
        )
    ).length > 0;
  if (taken) throw conflict('A type with this name exists');
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(incidentTypes)
      .values({ organizationId: ctx.organizationId, code, ...body })
      .returning({ id: incidentTypes.id });
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'incident.type_added',
        entityType: 'incident_type',
        entityId: row?.id ?? null,
        data: { code, name: body.name },
      },
    );
  });
  return { code, ...body, removesFromPlay: false, mandatoryReporting: false, builtIn: false };
}

const presentOwnType = (row: typeof incidentTypes.$inferSelect): OwnIncidentType => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  notifiesGuardian: row.notifiesGuardian,
  archived: row.archivedAt !== null,
});

/** GET /api/app/incident/incident-types (ours): the organization's own types, live first, then archived. */
export async function listOwnIncidentTypes(
  deps: SettingsDeps,
  ctx: RequestContext,
): Promise<OwnIncidentTypes> {
  await requireAdmin(deps, ctx);
  const rows = await deps.db
    .select()
    .from(incidentTypes)
    .where(eq(incidentTypes.organizationId, ctx.organizationId))
    .orderBy(sql`${incidentTypes.archivedAt} is not null`, asc(incidentTypes.name));
  return { items: rows.map(presentOwnType) };
}

/**
 * PUT /api/app/incident/incident-types/{id} (ours): archive or restore one of the organization's own types (nothing
 * is deleted, ADR 040). An archived type is not offered for new reports; incidents reported under it keep its name
 * and description (they hold a snapshot). Restoring a type whose name a live type took meanwhile is 409. Audited.
 */
export async function archiveIncidentType(
  deps: SettingsDeps,
  ctx: RequestContext,
  typeId: string,
  archived: boolean,
): Promise<OwnIncidentType> {
  await requireAdmin(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(incidentTypes)
      .where(and(eq(incidentTypes.organizationId, ctx.organizationId), eq(incidentTypes.id, typeId)))
      .for('update');
    if (!row) throw notFound('Incident type');
    if ((row.archivedAt !== null) === archived) return presentOwnType(row);
    if (!archived) {
      const [live] = await tx
        .select({ id: incidentTypes.id })
        .from(incidentTypes)
        .where(
          and(
            eq(incidentTypes.organizationId, ctx.organizationId),
            eq(incidentTypes.code, row.code),
            isNull(incidentTypes.archivedAt),
            ne(incidentTypes.id, row.id),
          ),
        );
      if (live) throw conflict('A type with this name is in use: archive it first');
    }
    const now = new Date();
    const [updated] = await tx
      .update(incidentTypes)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(incidentTypes.id, row.id))
      .returning();
    if (!updated) throw notFound('Incident type');
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: archived ? 'incident.type_archived' : 'incident.type_restored',
        entityType: 'incident_type',
        entityId: row.id,
        data: { code: row.code, name: row.name },
      },
    );
    return presentOwnType(updated);
  });
}
