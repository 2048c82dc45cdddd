import { and, eq, inArray, isNull } from 'drizzle-orm';
import { holdsAt } from '../../authz/rules.ts';
import { hierarchyLevels, labels, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';

// Who a card or a check-in is about, and who may check members in at a level (ADR 044).
/** How long a card token lives; a card is reissued when less than half of it is left (ADR 044). */
export const cardLifetimeMs = 24 * 60 * 60 * 1000;
export type Member = {
  profileLevelAccessId: string;
  profileId: string;
  guardianProfileId: string | null;
  organizationId: string;
  photoFileId: string | null;
  firstName: string;
  lastName: string;
  levelName: string;
  levelPath: string;
  role: string;
  overallStatus: number;
};

export const memberColumns = {
  profileLevelAccessId: profileLevelAccesses.id,
  profileId: profiles.id,
  guardianProfileId: profiles.guardianProfileId,
  organizationId: profiles.organizationId,
  photoFileId: profiles.photoFileId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  levelName: hierarchyLevels.name,
  levelPath: hierarchyLevels.path,
  role: labels.name,
  overallStatus: profileLevelAccesses.overallStatus,
};

export function membersQuery(deps: Pick<Deps, 'db'>, organizationId: string) {
  return deps.db
    .select(memberColumns)
    .from(profileLevelAccesses)
    .innerJoin(profiles, and(eq(profiles.id, profileLevelAccesses.profileId), isNull(profiles.deletedAt)))
    .innerJoin(
      hierarchyLevels,
      and(eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId), isNull(hierarchyLevels.deletedAt)),
    )
    .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
    .$dynamic()
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt)),
    );
}

export async function memberOf(
  deps: Pick<Deps, 'db'>,
  organizationId: string,
  plaId: string,
): Promise<Member | undefined> {
  const [row] = await membersQuery(deps, organizationId).where(
    and(
      eq(profileLevelAccesses.organizationId, organizationId),
      isNull(profileLevelAccesses.deletedAt),
      eq(profileLevelAccesses.id, plaId),
    ),
  );
  return row;
}

/**
 * Whether the actor checks members in at a level: manager or above there, or a holder there (or above) of a label
 * flagged to check members in (coaches, referees, field marshals by default; set in the roles' settings).
 */
export async function checksInAt(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  levelPath: string | null,
): Promise<boolean> {
  if (levelPath ? holdsAt(ctx, 'managerLevelOrHigher', levelPath) : ctx.grants.some((g) => g.role))
    return true;
  const grants = ctx.grants.filter((g) => levelPath === null || levelPath.startsWith(g.levelPath));
  if (grants.length === 0) return false;
  const rows = await deps.db
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        eq(labels.organizationId, ctx.organizationId),
        eq(labels.checksMembersIn, true),
        isNull(labels.deletedAt),
        inArray(
          labels.id,
          grants.map((g) => g.labelId),
        ),
      ),
    );
  return rows.length > 0;
}

/**
 * GET /api/app/game-day/cards/:profileLevelAccessId: the member's clearance card, for the member, their guardian, or
 * staff who check members in at that level; another organization's member is 404. Staff reads are audited.
 */
