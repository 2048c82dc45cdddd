import { and, eq, inArray } from 'drizzle-orm';
import type { reportIncidentBodySchema, updateIncidentBodySchema } from '@touchline/contracts/incidents';
import {
  incidentTransitions,
  mandatoryReportHours,
  type Incident,
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
import { incidentTriageReminderJob, queueGuardianMails, queueNewIncidentMails } from './incidents.mail.ts';
import { incidentView, managesIncidentsAt, mayReportAt, reporterFields } from './incidents.policy.ts';
import { actorOf, present } from './incidents-read.ts';
import { childLevelPaths, incidentRows, memberOf, settingsOf, typesOf } from './incidents.queries.ts';

type IncidentDeps = Pick<Deps, 'db' | 'jobs' | 'appUrl' | 'clock'>;
type ReportBody = z.output<typeof reportIncidentBodySchema>;
type UpdateBody = z.output<typeof updateIncidentBodySchema>;

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
