import { and, eq, isNull } from 'drizzle-orm';
import type {
  AccessEligibility,
  EligibilityFlag,
  LevelEligibility,
  LevelEligibilityBody,
  ProfileEligibilityResponse,
} from '@touchline/contracts/eligibility';
import type { ActorContext } from '../../authz/actor-context.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { hierarchyLevels, levelEligibility, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { eligibilityFlags } from './eligibility-flags.ts';
import { eligibilityStatement, type EligibilityRow } from './eligibility.sql.ts';

type EligibilityDeps = Pick<Deps, 'db'>;

async function rowsOf<T>(db: Executor, statement: Parameters<Executor['execute']>[0]): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

async function loadLevel(db: Executor, ctx: ActorContext, id: string) {
  const [level] = await db
    .select({ id: hierarchyLevels.id, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.id, id),
        eq(hierarchyLevels.organizationId, ctx.organizationId),
        isNull(hierarchyLevels.deletedAt),
      ),
    );
  if (!level) throw notFound('Level');
  return level;
}

const present = (
  levelId: string,
  row: typeof levelEligibility.$inferSelect | undefined,
): LevelEligibility => ({
  levelId,
  ageGroupLabel: row?.ageGroupLabel ?? null,
  bornInOrAfterYear: row?.bornInOrAfterYear ?? null,
  minGrade: row?.minGrade ?? null,
  maxGrade: row?.maxGrade ?? null,
});

async function readEligibility(db: Executor, organizationId: string, levelId: string) {
  const [row] = await db
    .select()
    .from(levelEligibility)
    .where(
      and(
        eq(levelEligibility.organizationId, organizationId),
        eq(levelEligibility.hierarchyLevelId, levelId),
      ),
    );
  return row;
}

/** GET /api/app/hierarchy-level/{id}/eligibility: the level's own age group and grade bounds (manager or higher). */
export async function getLevelEligibility(
  deps: EligibilityDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<LevelEligibility> {
  const level = await loadLevel(deps.db, ctx, id);
  authorize(holdsAt(ctx, 'managerLevelOrHigher', level.path), 'You do not have access to this level');
  return present(level.id, await readEligibility(deps.db, ctx.organizationId, level.id));
}

/** PUT …/eligibility: an admin at the level sets (or, all null, clears) its age group and grade bounds; audited. */
export async function setLevelEligibility(
  deps: EligibilityDeps,
  ctx: RequestContext,
  { id, ...body }: LevelEligibilityBody & { id: string },
): Promise<LevelEligibility> {
  return deps.db.transaction(async (tx) => {
    const level = await loadLevel(tx, ctx, id);
    authorize(holdsAt(ctx, 'adminLevel', level.path), 'Only an admin of this level may set its eligibility');
    const values = {
      ageGroupLabel: body.ageGroupLabel,
      bornInOrAfterYear: body.bornInOrAfterYear,
      minGrade: body.minGrade,
      maxGrade: body.maxGrade,
    };
    const where = and(
      eq(levelEligibility.organizationId, ctx.organizationId),
      eq(levelEligibility.hierarchyLevelId, level.id),
    );
    const audit = (action: string) =>
      recordAuditEvent(tx, ctx, {
        organizationId: ctx.organizationId,
        action,
        entityType: 'hierarchy_level',
        entityId: level.id,
        data: values,
      });
    // No bounds at all: the level has none of its own, and the nearest level above it with some applies again.
    if (Object.values(values).every((v) => v === null)) {
      await tx.delete(levelEligibility).where(where);
      await audit('level.eligibility_cleared');
      return present(level.id, undefined);
    }
    const [row] = await tx
      .insert(levelEligibility)
      .values({ organizationId: ctx.organizationId, hierarchyLevelId: level.id, ...values })
      .onConflictDoUpdate({
        target: [levelEligibility.organizationId, levelEligibility.hierarchyLevelId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    await audit('level.eligibility_set');
    return present(level.id, row);
  });
}

/**
 * The eligibility flags of many accesses (a dashboard page) in one statement, by access id; accesses without
 * flags are absent. The dashboard asks for it beside its requirement cells.
 */
export async function eligibilityFlagsOf(
  db: Executor,
  organizationId: string,
  accessIds: readonly string[],
): Promise<Map<string, EligibilityFlag[]>> {
  const flags = new Map<string, EligibilityFlag[]>();
  if (!accessIds.length) return flags;
  for (const row of await rowsOf<EligibilityRow>(db, eligibilityStatement(organizationId, accessIds))) {
    const found = eligibilityFlags(inputOf(row));
    if (found.length) flags.set(row.access_id, found);
  }
  return flags;
}

const inputOf = (row: EligibilityRow) => ({
  bornInOrAfterYear: row.born_in_or_after_year,
  minGrade: row.min_grade,
  maxGrade: row.max_grade,
  verifiedDateOfBirth: row.verified_date_of_birth,
  verifiedGrade: row.verified_grade,
});

/**
 * GET /api/app/profile/{id}/eligibility: the member's page. Each live access the actor may see — their own profile,
 * or one at a level where they are manager or higher — with its bounds, the verified values and the flags.
 */
export async function getProfileEligibility(
  deps: EligibilityDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<ProfileEligibilityResponse> {
  const [profile] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(eq(profiles.id, id), eq(profiles.organizationId, ctx.organizationId), isNull(profiles.deletedAt)),
    );
  if (!profile) throw notFound('Profile');
  const accesses = await deps.db
    .select({ id: profileLevelAccesses.id, path: profileLevelAccesses.levelPath })
    .from(profileLevelAccesses)
    .where(
      and(
        eq(profileLevelAccesses.profileId, profile.id),
        eq(profileLevelAccesses.organizationId, ctx.organizationId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  const own = ctx.profileId === profile.id;
  const visible = accesses.filter((a) => own || holdsAt(ctx, 'managerLevelOrHigher', a.path));
  authorize(visible.length > 0 || (own && accesses.length === 0), 'You do not have access to this member');
  if (!visible.length) return { items: [] };
  const rows = await rowsOf<EligibilityRow>(
    deps.db,
    eligibilityStatement(
      ctx.organizationId,
      visible.map((a) => a.id),
    ),
  );
  const items: AccessEligibility[] = rows.map((row) => ({
    profileLevelAccessId: row.access_id,
    levelId: row.level_id,
    levelName: row.level_name,
    ageGroupLabel: row.age_group_label,
    bornInOrAfterYear: row.born_in_or_after_year,
    minGrade: row.min_grade,
    maxGrade: row.max_grade,
    verifiedDateOfBirth: row.verified_date_of_birth,
    verifiedGrade: row.verified_grade,
    flags: eligibilityFlags(inputOf(row)),
  }));
  return { items: items.sort((a, b) => a.levelName.localeCompare(b.levelName)) };
}
