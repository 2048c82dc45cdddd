import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { RestrictedMembers } from '@touchline/contracts/conditions';
import { liveAccessIn, liveAccessJoins } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import {
  hierarchyLevels,
  memberConditions,
  memberRequirements,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { countPaths, incidentManagerPaths, managesIncidentsAt } from './incidents.policy.ts';
import { settingsOf } from './incidents.queries.ts';
import { clearanceDefinitionOf } from './clearance-requirement.service.ts';
import { notClearedReason } from './incident-access.service.ts';

/**
 * GET /api/app/incident/restricted-members?ProfileLevelAccessId (ours, ADR 040): the members of the scope (the given
 * access's level, or every level the caller manages) who are not cleared because a restricting condition stands, with
 * the reason. Manager level or higher; a condition seen by reviewers only reads "a condition for reviewers" to a
 * manager without incident access. Audited like every read of conditions.
 */
export async function restrictedMembers(
  deps: Pick<Deps, 'db' | 'clock'>,
  ctx: RequestContext,
  query: { ProfileLevelAccessId?: string },
): Promise<RestrictedMembers> {
  const org = ctx.organizationId;
  let paths = countPaths(ctx);
  if (query.ProfileLevelAccessId) {
    const grant = ctx.grants.find((g) => g.profileLevelAccessId === query.ProfileLevelAccessId);
    if (!grant) throw notFound('Profile level access');
    paths = paths.some((p) => grant.levelPath.startsWith(p)) ? [grant.levelPath] : [];
  }
  authorize(paths.length > 0, 'Only managers and above see who is not cleared');
  const { accessRoles } = await settingsOf(deps.db, org);
  const managed = incidentManagerPaths(ctx, accessRoles);
  const today = deps.clock().toISOString().slice(0, 10);
  const on = liveAccessJoins(org);
  const rows = await deps.db
    .select({
      profileId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      levelName: hierarchyLevels.name,
      levelPath: hierarchyLevels.path,
      title: memberConditions.title,
      visibility: memberConditions.visibility,
      setAt: memberConditions.createdAt,
      status: memberConditions.status,
    })
    .from(memberConditions)
    .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.profileId, memberConditions.profileId))
    .innerJoin(profiles, on.profile)
    .innerJoin(hierarchyLevels, on.level)
    .where(
      and(
        eq(memberConditions.organizationId, org),
        liveAccessIn(org),
        isNull(profiles.deletedAt),
        eq(memberConditions.restrictsPlay, true),
        ne(memberConditions.status, 'Lifted'),
        or(isNull(memberConditions.until), sql`${memberConditions.until} >= ${today}`),
        or(...paths.map((p) => sql`${hierarchyLevels.path} like ${p} || '%'`)),
      ),
    )
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(memberConditions.createdAt));
  const byMember = new Map<string, RestrictedMembers['items'][number]>();
  for (const r of rows) {
    const full = managed.length > 0 && managesIncidentsAt(ctx, accessRoles, r.levelPath);
    const reason = notClearedReason(r, full);
    const item = byMember.get(r.profileId) ?? {
      profileId: r.profileId,
      name: `${r.firstName} ${r.lastName}`,
      levelName: r.levelName,
      reasons: [],
      since: r.setAt.toISOString(),
      clearanceWaiting: false,
    };
    if (r.status === 'ClearanceSubmitted') item.clearanceWaiting = true;
    if (!item.reasons.includes(reason)) item.reasons.push(reason);
    byMember.set(r.profileId, item);
  }
  const items = [...byMember.values()];
  // A clearance uploaded through the requirement page (not the conditions page) waits in the review queue: flagged
  // here too (ADR 040).
  const definitionId = await clearanceDefinitionOf(deps.db, org);
  if (definitionId && items.length > 0) {
    const waiting = await deps.db
      .select({ profileId: memberRequirements.profileId })
      .from(memberRequirements)
      .where(
        and(
          eq(memberRequirements.organizationId, org),
          eq(memberRequirements.definitionId, definitionId),
          inArray(
            memberRequirements.profileId,
            items.map((i) => i.profileId),
          ),
          eq(memberRequirements.active, true),
          eq(memberRequirements.pendingReview, true),
        ),
      );
    const queued = new Set(waiting.map((w) => w.profileId));
    for (const item of items) if (queued.has(item.profileId)) item.clearanceWaiting = true;
  }
  if (items.length > 0) {
    await recordAuditEvent(
      deps.db,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: org,
        action: 'condition.restricted_list_read',
        entityType: 'organization',
        entityId: org,
        data: { profileIds: items.map((i) => i.profileId) },
      },
    );
  }
  return { items, totalCount: items.length };
}
