import { and, asc, eq, isNull, like, or } from 'drizzle-orm';
import { liveAccessIn, liveAccessJoins, findLiveLevel } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import type { Executor } from '../../db/client.ts';
import { hierarchyLevels, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { invalid } from '../../errors.ts';
import { mayReportAt } from './incidents.policy.ts';
import { childLevelPaths } from './incidents.queries.ts';

/**
 * GET /api/app/incident/people?hierarchyLevelId (ours, ADR 040): the roster a report at a level can name — members
 * with a live access there or below, names only — for whoever may report there (a coach picks a player).
 */
export async function incidentPeople(deps: Pick<Deps, 'db'>, ctx: RequestContext, hierarchyLevelId: string) {
  const org = ctx.organizationId;
  const level = await findLiveLevel(deps.db, org, hierarchyLevelId);
  if (!level)
    throw invalid([
      { field: 'hierarchyLevelId', in: 'query', message: 'Choose a level of your organization' },
    ]);
  authorize(
    mayReportAt(ctx, level.path, await childLevelPaths(deps.db, org, ctx.profileId)),
    'You can report incidents only where you belong',
  );
  const on = liveAccessJoins(org);
  const rows = await deps.db
    .selectDistinct({
      profileId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      levelName: hierarchyLevels.name,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .innerJoin(hierarchyLevels, on.level)
    .where(and(liveAccessIn(org), like(hierarchyLevels.path, `${level.path}%`)))
    .orderBy(asc(profiles.firstName), asc(profiles.lastName))
    .limit(500);
  return rows.map((r) => ({
    profileId: r.profileId,
    name: `${r.firstName} ${r.lastName}`,
    levelName: r.levelName,
  }));
}

/** The caller and the children they are guardian of (whose conditions they open). */
export async function familyOf(db: Executor, ctx: RequestContext) {
  const rows = await db
    .select({ profileId: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, ctx.organizationId),
        isNull(profiles.deletedAt),
        or(eq(profiles.id, ctx.profileId), eq(profiles.guardianProfileId, ctx.profileId)),
      ),
    )
    .orderBy(asc(profiles.firstName));
  const me = rows.filter((r) => r.profileId === ctx.profileId);
  const children = rows.filter((r) => r.profileId !== ctx.profileId);
  return [...me, ...children].map((r) => ({ profileId: r.profileId, name: `${r.firstName} ${r.lastName}` }));
}
