import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { IncidentList } from '@touchline/contracts/incidents';
import { recordAuditEvent } from '../../db/audit.ts';
import { incidents } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { familyOf } from './incident-people.service.ts';
import { countPaths, incidentManagerPaths, incidentView } from './incidents.policy.ts';
import { present } from './incidents-read.ts';
import { incidentRows, memberOf, settingsOf, typesOf } from './incidents.queries.ts';

type IncidentDeps = Pick<Deps, 'db' | 'jobs' | 'appUrl' | 'clock'>;

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
