import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ClearanceState, type CheckIn, type Roster } from '@touchline/contracts/game-day';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { gameDayCheckIns, hierarchyLevels, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { profilePhotoUrl } from '../profiles/profiles.service.ts';
import { clearanceOf } from './game-day-clearance.ts';

import { checksInAt, membersQuery } from './game-day-members.ts';
import { checkToken, refusalMessages } from './game-day.service.ts';

// Game-day check-ins and the team roster (ADR 044): a game is a team on a day.
export async function gameLevel(deps: Deps, ctx: RequestContext, levelId: string) {
  const [level] = await deps.db
    .select({ id: hierarchyLevels.id, name: hierarchyLevels.name, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.organizationId, ctx.organizationId),
        eq(hierarchyLevels.id, levelId),
        isNull(hierarchyLevels.deletedAt),
      ),
    );
  if (!level) throw notFound('Team');
  authorize(
    await checksInAt(deps, ctx, level.path),
    'Only coaches, referees, field marshals and managers check in',
  );
  return level;
}

type CheckInRow = typeof gameDayCheckIns.$inferSelect;

async function presentCheckIns(deps: Deps, ctx: RequestContext, rows: CheckInRow[]): Promise<CheckIn[]> {
  const ids = rows.flatMap((r) => (r.profileLevelAccessId ? [r.profileLevelAccessId] : []));
  const members = ids.length
    ? await membersQuery(deps, ctx.organizationId).where(
        and(
          eq(profileLevelAccesses.organizationId, ctx.organizationId),
          inArray(profileLevelAccesses.id, ids),
        ),
      )
    : [];
  return Promise.all(
    rows.map(async (r) => {
      const m = members.find((x) => x.profileLevelAccessId === r.profileLevelAccessId);
      const outcome = r.outcome as CheckIn['outcome'];
      return {
        id: r.id,
        scannedAt: r.scannedAt.toISOString(),
        outcome,
        message:
          outcome === 'Cleared'
            ? 'Cleared'
            : outcome === 'NotCleared'
              ? 'Not cleared'
              : refusalMessages[outcome],
        profileLevelAccessId: r.profileLevelAccessId,
        name: m ? `${m.firstName} ${m.lastName}` : null,
        photoUrl: m ? await profilePhotoUrl(deps, m) : null,
        levelName: m?.levelName ?? null,
        reasons: r.reasons,
      };
    }),
  );
}

/**
 * POST /api/app/game-day/games/:levelId/:gameOn/check-ins: verifies the card and records what it said, once per
 * client id (201 the first time, 200 with the same record on a replay; another game's id is 409) and once per member
 * and verdict at a game (200 with the member's latest record when its verdict is the same, `repeat: true`), also when
 * phones send at the same instant (the verdict number's unique index). Audited.
 */
export async function recordCheckIn(
  deps: Deps,
  ctx: RequestContext,
  game: { levelId: string; gameOn: string },
  body: { id: string; token: string; scannedAt?: string | undefined },
): Promise<{ created: boolean; checkIn: CheckIn }> {
  const level = await gameLevel(deps, ctx, game.levelId);
  const existing = async () =>
    (
      await deps.db
        .select()
        .from(gameDayCheckIns)
        .where(and(eq(gameDayCheckIns.organizationId, ctx.organizationId), eq(gameDayCheckIns.id, body.id)))
    )[0];
  const replayOf = (row: CheckInRow) => {
    if (row.hierarchyLevelId !== level.id || row.gameOn !== game.gameOn)
      throw conflict('This check-in id was recorded for another game');
    return row;
  };
  const before = await existing();
  if (before) return { created: false, checkIn: (await presentCheckIns(deps, ctx, [replayOf(before)]))[0]! };
  const check = await checkToken(deps, ctx, body.token);
  const member = check.profileLevelAccessId;
  // The member's latest verdict at this game decides: the same one is that check-in again (a card held in front of
  // the camera, shown again, or sent from a second phone's queue is one check-in on the roster); a changed verdict
  // (revoked meanwhile, cleared since) is recorded anew as the member's next verdict number. Two phones deciding at
  // the same instant take the same number: the unique index lets one insert it, and the other reads again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [latest] = member
      ? await deps.db
          .select()
          .from(gameDayCheckIns)
          .where(
            and(
              eq(gameDayCheckIns.organizationId, ctx.organizationId),
              eq(gameDayCheckIns.hierarchyLevelId, level.id),
              eq(gameDayCheckIns.gameOn, game.gameOn),
              eq(gameDayCheckIns.profileLevelAccessId, member),
            ),
          )
          .orderBy(sql`${gameDayCheckIns.verdictSeq} desc nulls last`, desc(gameDayCheckIns.scannedAt))
          .limit(1)
      : [];
    if (latest && latest.outcome === check.outcome) {
      const [shown] = await presentCheckIns(deps, ctx, [latest]);
      return { created: false, checkIn: { ...shown!, repeat: true } };
    }
    const inserted = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(gameDayCheckIns)
        .values({
          id: body.id,
          organizationId: ctx.organizationId,
          hierarchyLevelId: level.id,
          gameOn: game.gameOn,
          cardId: check.cardId,
          profileLevelAccessId: member,
          outcome: check.outcome,
          reasons: check.reasons,
          checkedByProfileId: ctx.profileId,
          scannedAt: body.scannedAt ? new Date(body.scannedAt) : deps.clock(),
          verdictSeq: member ? (latest?.verdictSeq ?? 0) + 1 : null,
        })
        // Either key: the client's id (a replay sent twice at once) or the member's verdict number (another phone).
        .onConflictDoNothing()
        .returning();
      if (row)
        await recordAuditEvent(
          tx,
          { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
          {
            organizationId: ctx.organizationId,
            action: 'game-day.checked-in',
            entityType: 'game_day_check_in',
            entityId: row.id,
            data: { levelId: level.id, gameOn: game.gameOn, outcome: row.outcome },
          },
        );
      return row;
    });
    const row = inserted ?? (await existing());
    if (row)
      return { created: Boolean(inserted), checkIn: (await presentCheckIns(deps, ctx, [replayOf(row)]))[0]! };
  }
  throw conflict('This member was being checked in from several devices at once: scan again');
}

/** GET /api/app/game-day/games/:levelId/:gameOn/check-ins: the game's check-ins, in scan order. */
export async function listCheckIns(
  deps: Deps,
  ctx: RequestContext,
  game: { levelId: string; gameOn: string },
): Promise<{ items: CheckIn[] }> {
  const level = await gameLevel(deps, ctx, game.levelId);
  const rows = await deps.db
    .select()
    .from(gameDayCheckIns)
    .where(
      and(
        eq(gameDayCheckIns.organizationId, ctx.organizationId),
        eq(gameDayCheckIns.hierarchyLevelId, level.id),
        eq(gameDayCheckIns.gameOn, game.gameOn),
      ),
    )
    .orderBy(asc(gameDayCheckIns.scannedAt), asc(gameDayCheckIns.createdAt));
  return { items: await presentCheckIns(deps, ctx, rows) };
}

/** GET /api/app/game-day/teams/:levelId/roster: who may play today at the team (and below), who may not and why. */
export async function teamRoster(deps: Deps, ctx: RequestContext, levelId: string): Promise<Roster> {
  const level = await gameLevel(deps, ctx, levelId);
  const roster = await rosterAt(deps, ctx, level);
  await recordAuditEvent(
    deps.db,
    { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    {
      organizationId: ctx.organizationId,
      action: 'game-day.roster.viewed',
      entityType: 'hierarchy_level',
      entityId: level.id,
    },
  );
  return roster;
}

/** The members at a team (and below), Cleared / Not cleared today with the reasons; not audited here. */
export async function rosterAt(
  deps: Deps,
  ctx: RequestContext,
  level: { id: string; name: string; path: string },
): Promise<Roster> {
  const members = await membersQuery(deps, ctx.organizationId)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, ctx.organizationId),
        isNull(profileLevelAccesses.deletedAt),
        sql`${hierarchyLevels.path} like ${level.path} || '%'`,
      ),
    )
    .orderBy(asc(profiles.lastName), asc(profiles.firstName));
  const clearance = await clearanceOf(deps.db, ctx.organizationId, members, deps.clock());
  return {
    levelName: level.name,
    items: members.map((m) => {
      const c = clearance.get(m.profileId);
      return {
        profileLevelAccessId: m.profileLevelAccessId,
        name: `${m.firstName} ${m.lastName}`,
        role: m.role,
        state: c?.state ?? ClearanceState.NotCleared,
        reasons: c?.reasons ?? [],
      };
    }),
  };
}
