import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { reportIncidentBodySchema, updateIncidentBodySchema } from '@touchline/contracts/incidents';
import {
  incidentTransitions,
  mandatoryReportHours,
  type Incident,
  type IncidentList,
  type IncidentStatus,
} from '@touchline/contracts/incidents';
import type { z } from 'zod';
import { findLiveLevel } from '../../authz/live-queries.ts';
import { grantsOfProfile } from '../../authz/actor-context.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { incidentHistory, incidentPeople, incidents, profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { setConcussionConditions } from './conditions.service.ts';
import { familyOf } from './incident-people.service.ts';
import { incidentTriageReminderJob, queueGuardianMails, queueNewIncidentMails } from './incidents.mail.ts';
import {
  countPaths,
  incidentManagerPaths,
  incidentView,
  managesIncidentsAt,
  mayReportAt,
  reporterFields,
} from './incidents.policy.ts';
import { presentIncident } from './incidents.presenter.ts';
import {
  childLevelPaths,
  incidentParts,
  incidentRows,
  memberOf,
  profileNames,
  settingsOf,
  typesOf,
} from './incidents.queries.ts';

type IncidentDeps = Pick<Deps, 'db' | 'jobs' | 'appUrl' | 'clock'>;
type ReportBody = z.output<typeof reportIncidentBodySchema>;
type UpdateBody = z.output<typeof updateIncidentBodySchema>;

/** The actor as history and audit name them. */
async function actorOf(db: Executor, ctx: RequestContext) {
  const names = await profileNames(db, ctx.organizationId, [ctx.profileId]);
  return {
    audit: { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    name: names.get(ctx.profileId) ?? 'Unknown',
  };
}

/** Presents incidents (already authorized) with their parts and the names they show. */
async function present(
  db: Executor,
  organizationId: string,
  rows: Awaited<ReturnType<typeof incidentRows>>,
  views: Map<string, 'manager' | 'reporter'>,
) {
  const ids = rows.map((r) => r.incident.id);
  const parts = await incidentParts(db, organizationId, ids);
  const assigned = parts.history.flatMap((h) => {
    const c = h.changes.assigneeProfileId;
    return c ? [c.from, c.to].filter((v): v is string => typeof v === 'string') : [];
  });
  const nameIds = [
    ...rows.flatMap((r) => [r.incident.reportedByProfileId, r.incident.assigneeProfileId ?? []].flat()),
    ...assigned,
  ];
  const names = await profileNames(db, organizationId, [...new Set(nameIds)]);
  return rows.map((r) => presentIncident(r, parts, names, views.get(r.incident.id) ?? 'reporter'));
}

/**
 * POST /api/app/incident/incident: a report by anyone with an access at the level or above (or a guardian of a member
 * there). In one transaction: the incident, its people, its first history entry, a concussion's removal-from-play
 * conditions, the managers' and guardians' mail, the triage reminder, and the audit event (ADR 040).
 */
export async function reportIncident(
  deps: IncidentDeps,
  ctx: RequestContext,
  body: ReportBody,
): Promise<Incident> {
  const org = ctx.organizationId;
  const types = await typesOf(deps.db, org);
  const type = types.find((t) => t.code === body.type);
  if (!type) throw invalid([{ field: 'type', in: 'body', message: 'Choose one of the incident types' }]);
  const level = await findLiveLevel(deps.db, org, body.hierarchyLevelId);
  if (!level)
    throw invalid([
      { field: 'hierarchyLevelId', in: 'body', message: 'Choose a level of your organization' },
    ]);
  authorize(
    mayReportAt(ctx, level.path, await childLevelPaths(deps.db, org, ctx.profileId)),
    'You can report incidents only where you belong',
  );
  const members = new Map<string, Awaited<ReturnType<typeof memberOf>>>();
  for (const [i, person] of body.involved.entries()) {
    if (!person.profileId) continue;
    const member = await memberOf(deps.db, org, person.profileId);
    if (!member)
      throw invalid([
        { field: `involved.${i}.profileId`, in: 'body', message: 'Not a member of your organization' },
      ]);
    members.set(person.profileId, member);
  }
  const settings = await settingsOf(deps.db, org);
  const now = deps.clock();
  const incident = await deps.db.transaction(async (tx) => {
    const actor = await actorOf(tx, ctx);
    const [row] = await tx
      .insert(incidents)
      .values({
        organizationId: org,
        hierarchyLevelId: level.id,
        levelPath: level.path,
        typeCode: type.code,
        typeName: type.name,
        typeDescription: type.description,
        mandatoryReporting: type.mandatoryReporting,
        occurredAt: new Date(body.occurredAt),
        venue: body.venue,
        whatHappened: body.whatHappened,
        actionTaken: body.actionTaken,
        reportedByProfileId: ctx.profileId,
        reportedByUserId: ctx.userId,
        triageDueAt: new Date(now.getTime() + settings.triageHours * 3600_000),
        mandatoryReportDueAt: type.mandatoryReporting
          ? new Date(now.getTime() + mandatoryReportHours * 3600_000)
          : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('the incident was not written');
    await tx.insert(incidentPeople).values(
      body.involved.map((p, position) => {
        const member = p.profileId ? members.get(p.profileId) : undefined;
        return {
          organizationId: org,
          incidentId: row.id,
          profileId: p.profileId,
          name: member ? `${member.firstName} ${member.lastName}` : p.name,
          role: p.role,
          position,
        };
      }),
    );
    await tx.insert(incidentHistory).values({
      organizationId: org,
      incidentId: row.id,
      actorUserId: ctx.userId,
      actorProfileId: ctx.profileId,
      actorName: actor.name,
      action: 'reported',
      changes: { status: { from: null, to: 'Reported' } },
    });
    if (type.removesFromPlay) {
      const injured = body.involved
        .filter((p) => p.profileId && p.role === 'Injured')
        .map((p) => p.profileId ?? '');
      const set = await setConcussionConditions(tx, ctx, {
        incidentId: row.id,
        profileIds: injured,
        setByName: actor.name,
        now,
      });
      if (set.length > 0)
        await tx.insert(incidentHistory).values({
          organizationId: org,
          incidentId: row.id,
          actorUserId: null,
          actorName: 'Touchline',
          action: 'removed_from_play',
          changes: { removedFromPlay: { from: null, to: set.map((s) => s.name) } },
        });
    }
    const about = {
      id: row.id,
      organizationId: org,
      levelPath: level.path,
      typeName: type.name,
      levelName: level.name,
    };
    await queueNewIncidentMails(deps, tx, about, settings.accessRoles);
    const tellGuardians = settings.guardianNoticeTypes
      ? settings.guardianNoticeTypes.includes(type.code)
      : type.notifiesGuardian;
    if (tellGuardians) {
      const guardianIds = [...members.values()].flatMap((m) =>
        m?.guardianProfileId ? [m.guardianProfileId] : [],
      );
      const guardians =
        guardianIds.length === 0
          ? []
          : await tx
              .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName })
              .from(profiles)
              .where(and(eq(profiles.organizationId, org), inArray(profiles.id, guardianIds)));
      await queueGuardianMails(
        deps,
        tx,
        about,
        [...members.values()].flatMap((m) => {
          const g = guardians.find((x) => x.id === m?.guardianProfileId);
          return m && g?.email
            ? [
                {
                  email: g.email,
                  firstName: g.firstName,
                  childName: `${m.firstName} ${m.lastName}`,
                  childProfileId: m.id,
                },
              ]
            : [];
        }),
      );
    }
    await deps.jobs.enqueue(
      tx,
      incidentTriageReminderJob,
      { incidentId: row.id, organizationId: org },
      {
        key: row.id,
        startAfter: row.triageDueAt,
      },
    );
    await recordAuditEvent(tx, actor.audit, {
      organizationId: org,
      action: 'incident.reported',
      entityType: 'incident',
      entityId: row.id,
      data: { type: type.code, levelId: level.id },
    });
    return row;
  });
  const access = managesIncidentsAt(ctx, settings.accessRoles, incident.levelPath) ? 'manager' : 'reporter';
  const rows = await incidentRows(deps.db, org, [incident.id]);
  const [presented] = await present(deps.db, org, rows, new Map([[incident.id, access]]));
  if (!presented) throw new Error('the incident was not read back');
  return presented;
}

const under = (paths: readonly string[]): SQL | undefined =>
  paths.length === 0 ? undefined : or(...paths.map((p) => sql`${incidents.levelPath} like ${p} || '%'`));

/**
 * GET /api/app/incident/incidents?ProfileId&ProfileLevelAccessId: what the caller may read of the scope (incident
 * access: all there; otherwise their own reports), the scope's open count to manager level (counts, not contents),
 * and the types. Every listed incident's read is audited (ADR 040).
 */
export async function listIncidents(
  deps: IncidentDeps,
  ctx: RequestContext,
  query: { ProfileId?: string; ProfileLevelAccessId?: string },
): Promise<IncidentList> {
  const org = ctx.organizationId;
  let scope: string | null = null;
  if (query.ProfileLevelAccessId) {
    const grant = ctx.grants.find((g) => g.profileLevelAccessId === query.ProfileLevelAccessId);
    if (!grant) throw notFound('Profile level access');
    scope = grant.levelPath;
  }
  if (query.ProfileId && !(await memberOf(deps.db, org, query.ProfileId))) throw notFound('Profile');
  const settings = await settingsOf(deps.db, org);
  const inScope = scope ? sql`${incidents.levelPath} like ${scope} || '%'` : undefined;
  const involving = query.ProfileId
    ? sql`exists (select 1 from incident_people ip where ip.organization_id = ${org} and ip.incident_id = ${incidents.id} and ip.profile_id = ${query.ProfileId})`
    : undefined;
  const managed = under(incidentManagerPaths(ctx, settings.accessRoles));
  const visible = or(managed, eq(incidents.reportedByProfileId, ctx.profileId));
  const ids = await deps.db
    .select({ id: incidents.id })
    .from(incidents)
    .where(and(eq(incidents.organizationId, org), isNull(incidents.archivedAt), inScope, involving, visible))
    .orderBy(sql`${incidents.createdAt} desc`)
    .limit(500);
  const counted = scope ? (countPaths(ctx).some((p) => scope.startsWith(p)) ? [scope] : []) : countPaths(ctx);
  let openCount: number | null = null;
  if (counted.length > 0) {
    const [row] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(incidents)
      .where(
        and(
          eq(incidents.organizationId, org),
          isNull(incidents.archivedAt),
          ne(incidents.status, 'Closed'),
          under(counted),
          involving,
        ),
      );
    openCount = row?.n ?? 0;
  }
  const rows = await incidentRows(
    deps.db,
    org,
    ids.map((r) => r.id),
  );
  rows.sort((a, b) => b.incident.createdAt.getTime() - a.incident.createdAt.getTime());
  const views = new Map(
    rows.map((r) => [r.incident.id, incidentView(ctx, settings.accessRoles, r.incident) ?? 'reporter']),
  );
  const items = await present(deps.db, org, rows, views);
  if (items.length > 0)
    await recordAuditEvent(
      deps.db,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: org,
        action: 'incident.list_read',
        entityType: 'incident',
        data: { incidentIds: items.map((i) => i.id), profileId: query.ProfileId ?? null },
      },
    );
  return {
    items,
    totalCount: items.length,
    openCount,
    types: await typesOf(deps.db, org),
    canManage: incidentManagerPaths(ctx, settings.accessRoles).length > 0,
    family: await familyOf(deps.db, ctx),
  };
}

/** Loads one incident the caller may read (404 otherwise: another organization's, or not theirs to see). */
export async function loadReadableIncident(db: Executor, ctx: RequestContext, incidentId: string) {
  const settings = await settingsOf(db, ctx.organizationId);
  const [row] = await incidentRows(db, ctx.organizationId, [incidentId]);
  const view = row ? incidentView(ctx, settings.accessRoles, row.incident) : null;
  if (!row || !view) throw notFound('Incident');
  return { row, view, settings };
}

/** GET /api/app/incident/{id}/incident (ours): one incident, its read audited. */
export async function getIncident(
  deps: IncidentDeps,
  ctx: RequestContext,
  incidentId: string,
): Promise<Incident> {
  const { row, view } = await loadReadableIncident(deps.db, ctx, incidentId);
  await recordAuditEvent(
    deps.db,
    { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    {
      organizationId: ctx.organizationId,
      action: 'incident.read',
      entityType: 'incident',
      entityId: incidentId,
    },
  );
  const [presented] = await present(deps.db, ctx.organizationId, [row], new Map([[incidentId, view]]));
  if (!presented) throw notFound('Incident');
  return presented;
}

const dateFields = new Set(['authoritiesReportedAt', 'safeSportReportedAt']);
const columnOf: Record<string, keyof typeof incidents.$inferSelect> = {
  status: 'status',
  assigneeProfileId: 'assigneeProfileId',
  whatHappened: 'whatHappened',
  actionTaken: 'actionTaken',
  venue: 'venue',
  authoritiesReportedAt: 'authoritiesReportedAt',
  authoritiesReportedTo: 'authoritiesReportedTo',
  safeSportReportedAt: 'safeSportReportedAt',
  safeSportReference: 'safeSportReference',
};

/**
 * PUT /api/app/incident/{id}/incident: managers change anything (status along the workflow, assignee, texts,
 * archive); the reporter records the mandatory report and notes on their own. Never rewrites: each change is a history
 * entry naming who changed what from what to what, a note its own entry, and one audit event.
 */
export async function updateIncident(
  deps: IncidentDeps,
  ctx: RequestContext,
  incidentId: string,
  body: UpdateBody,
): Promise<Incident> {
  const org = ctx.organizationId;
  const { row, view, settings } = await loadReadableIncident(deps.db, ctx, incidentId);
  const asked = Object.entries(body)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (view === 'reporter')
    authorize(
      asked.every((k) => reporterFields.includes(k)),
      'Only the incident’s reviewers can change this',
    );
  const current = row.incident;
  if (
    body.status &&
    body.status !== current.status &&
    !incidentTransitions[current.status as IncidentStatus].includes(body.status)
  )
    throw conflict(`An incident that is ${current.status} cannot move to ${body.status}`);
  if (body.assigneeProfileId) {
    const grants = await grantsOfProfile(deps.db, org, body.assigneeProfileId);
    if (
      !grants.some(
        (g) => g.role && settings.accessRoles.includes(g.role) && current.levelPath.startsWith(g.levelPath),
      )
    )
      throw invalid([
        {
          field: 'assigneeProfileId',
          in: 'body',
          message: 'Assign someone with incident access at this level',
        },
      ]);
  }
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const set: Partial<typeof incidents.$inferInsert> = {};
  for (const [field, column] of Object.entries(columnOf)) {
    const value = body[field as keyof UpdateBody];
    if (value === undefined) continue;
    const before = current[column];
    const to = dateFields.has(field) && typeof value === 'string' ? new Date(value) : value;
    const same =
      before instanceof Date && to instanceof Date ? before.getTime() === to.getTime() : before === to;
    if (same) continue;
    changes[field] = {
      from: before instanceof Date ? before.toISOString() : before,
      to: to instanceof Date ? to.toISOString() : to,
    };
    Object.assign(set, { [column]: to });
  }
  if (body.archived !== undefined && body.archived !== (current.archivedAt !== null)) {
    changes.archived = { from: current.archivedAt !== null, to: body.archived };
    set.archivedAt = body.archived ? deps.clock() : null;
  }
  await deps.db.transaction(async (tx) => {
    const actor = await actorOf(tx, ctx);
    const entry = {
      organizationId: org,
      incidentId,
      actorUserId: ctx.userId,
      actorProfileId: ctx.profileId,
      actorName: actor.name,
    };
    if (Object.keys(changes).length > 0) {
      await tx
        .update(incidents)
        .set({ ...set, updatedAt: deps.clock() })
        .where(and(eq(incidents.id, incidentId), eq(incidents.organizationId, org)));
      await tx.insert(incidentHistory).values({ ...entry, action: 'updated', changes });
    }
    if (body.note) await tx.insert(incidentHistory).values({ ...entry, action: 'note', note: body.note });
    await recordAuditEvent(tx, actor.audit, {
      organizationId: org,
      action: 'incident.updated',
      entityType: 'incident',
      entityId: incidentId,
      data: { fields: Object.keys(changes), note: body.note !== undefined },
    });
  });
  const rows = await incidentRows(deps.db, org, [incidentId]);
  const [presented] = await present(deps.db, org, rows, new Map([[incidentId, view]]));
  if (!presented) throw notFound('Incident');
  return presented;
}
