import type { Executor } from '../../db/client.ts';
import type { RequestContext } from '../../deps.ts';
import { presentIncident } from './incidents.presenter.ts';
import type { incidentRows } from './incidents.queries.ts';
import { incidentParts, profileNames } from './incidents.queries.ts';

/** The actor as history and audit name them. */
export async function actorOf(db: Executor, ctx: RequestContext) {
  const names = await profileNames(db, ctx.organizationId, [ctx.profileId]);
  return {
    audit: { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    name: names.get(ctx.profileId) ?? 'Unknown',
  };
}

/** Presents incidents (already authorized) with their parts and the names they show. */
export async function present(
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
