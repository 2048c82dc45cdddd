import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  CheckInOutcome,
  ClearanceState,
  type CardCheck,
  type CheckIn,
  type ClearanceCard,
  type Roster,
} from '@touchline/contracts/game-day';
import { holdsAt, authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import {
  gameDayCards,
  gameDayCheckIns,
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { profilePhotoUrl } from '../profiles/profiles.service.ts';
import { organizationKey, publishedKeys, signCard, verifyCardToken } from './card-keys.ts';
import { clearanceOf } from './game-day-clearance.ts';

/** How long a card token lives; a card is reissued when less than half of it is left (ADR 044). */
const cardLifetimeMs = 24 * 60 * 60 * 1000;
/** The plain labels that check members in at the field, besides managers and above (ADR 044). */
const checkerLabels = ['coach', 'assistant coach', 'head coach', 'referee', 'field marshal'];

type Member = {
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

const memberColumns = {
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

function membersQuery(deps: Pick<Deps, 'db'>, organizationId: string) {
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

async function memberOf(
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

/** Whether the actor checks members in at a level: manager or above there, or a coach/referee/marshal label. */
async function checksInAt(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  levelPath: string | null,
): Promise<boolean> {
  if (levelPath ? holdsAt(ctx, 'managerLevelOrHigher', levelPath) : ctx.grants.some((g) => g.role))
    return true;
  const grants = ctx.grants.filter((g) => levelPath === null || levelPath.startsWith(g.levelPath));
  if (grants.length === 0) return false;
  const rows = await deps.db
    .select({ name: labels.name })
    .from(labels)
    .where(
      and(
        eq(labels.organizationId, ctx.organizationId),
        inArray(
          labels.id,
          grants.map((g) => g.labelId),
        ),
      ),
    );
  return rows.some((r) => checkerLabels.includes(r.name.trim().toLowerCase()));
}

/**
 * GET /api/app/game-day/cards/:profileLevelAccessId: the member's clearance card, for the member, their guardian, or
 * staff who check members in at that level; another organization's member is 404. Staff reads are audited.
 */
export async function getCard(deps: Deps, ctx: RequestContext, plaId: string): Promise<ClearanceCard> {
  const member = await memberOf(deps, ctx.organizationId, plaId);
  if (!member) throw notFound('Member');
  const own = member.profileId === ctx.profileId || member.guardianProfileId === ctx.profileId;
  authorize(
    own || (await checksInAt(deps, ctx, member.levelPath)),
    'Only the member, a guardian or staff see a card',
  );
  const now = deps.clock();
  const clearance = (await clearanceOf(deps.db, ctx.organizationId, [member], now)).get(member.profileId);
  const key = await organizationKey(deps.db, ctx.organizationId);
  const card = await deps.db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(gameDayCards)
      .where(
        and(
          eq(gameDayCards.organizationId, ctx.organizationId),
          eq(gameDayCards.profileLevelAccessId, plaId),
          isNull(gameDayCards.revokedAt),
          gt(gameDayCards.expiresAt, new Date(now.getTime() + cardLifetimeMs / 2)),
        ),
      )
      .orderBy(desc(gameDayCards.expiresAt))
      .limit(1);
    if (!own)
      await recordAuditEvent(
        tx,
        { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
        {
          organizationId: ctx.organizationId,
          action: 'game-day.card.viewed',
          entityType: 'profile_level_access',
          entityId: plaId,
        },
      );
    if (live) return live;
    const [made] = await tx
      .insert(gameDayCards)
      .values({
        organizationId: ctx.organizationId,
        profileLevelAccessId: plaId,
        issuedAt: now,
        expiresAt: new Date(now.getTime() + cardLifetimeMs),
      })
      .returning();
    if (!made) throw new Error('card not issued');
    return made;
  });
  const [org] = await deps.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return {
    profileLevelAccessId: plaId,
    name: `${member.firstName} ${member.lastName}`,
    photoUrl: await profilePhotoUrl(deps, member),
    organizationName: org?.name ?? '',
    levelName: member.levelName,
    role: member.role,
    state: clearance?.state ?? ClearanceState.NotCleared,
    reasons: clearance?.reasons ?? [],
    validUntil: clearance?.validUntil ?? null,
    token: await signCard(key, card),
    tokenExpiresAt: card.expiresAt.toISOString(),
  };
}

/** GET /api/app/game-day/keys: the organization's public card key, for devices that verify cards offline. */
export async function getKeys(deps: Pick<Deps, 'db'>, ctx: RequestContext) {
  return publishedKeys(deps.db, ctx.organizationId);
}

/** POST /api/app/game-day/cards/revoke: a manager revokes a member's live cards (audited); answers how many. */
export async function revokeCards(
  deps: Deps,
  ctx: RequestContext,
  plaId: string,
): Promise<{ revoked: number }> {
  const member = await memberOf(deps, ctx.organizationId, plaId);
  if (!member) throw notFound('Member');
  authorize(holdsAt(ctx, 'managerLevelOrHigher', member.levelPath), 'Only managers and above revoke cards');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(gameDayCards)
      .set({ revokedAt: now, revokedByUserId: ctx.userId })
      .where(
        and(
          eq(gameDayCards.organizationId, ctx.organizationId),
          eq(gameDayCards.profileLevelAccessId, plaId),
          isNull(gameDayCards.revokedAt),
          gt(gameDayCards.expiresAt, now),
        ),
      )
      .returning({ id: gameDayCards.id });
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'game-day.card.revoked',
        entityType: 'profile_level_access',
        entityId: plaId,
        data: { cards: rows.map((r) => r.id) },
      },
    );
    return { revoked: rows.length };
  });
}

const refusalMessages = {
  Expired: 'This card has expired: ask the member to open their card again',
  Revoked: 'This card was revoked by the league',
  Invalid: 'This is not a valid card of this league',
  OtherOrganization: 'This card belongs to another organization',
} as const;

type Checked = CardCheck & { cardId: string | null };

async function checkToken(deps: Deps, ctx: RequestContext, token: string): Promise<Checked> {
  const now = deps.clock();
  const proof = await verifyCardToken(deps.db, ctx.organizationId, token, now);
  const blank = { profileLevelAccessId: null, name: null, photoUrl: null, levelName: null, reasons: [] };
  const [card] = proof.cardId
    ? await deps.db
        .select()
        .from(gameDayCards)
        .where(and(eq(gameDayCards.organizationId, ctx.organizationId), eq(gameDayCards.id, proof.cardId)))
    : [];
  const member =
    card && card.profileLevelAccessId === proof.profileLevelAccessId
      ? await memberOf(deps, ctx.organizationId, card.profileLevelAccessId)
      : undefined;
  const person = member
    ? {
        profileLevelAccessId: member.profileLevelAccessId,
        name: `${member.firstName} ${member.lastName}`,
        photoUrl: await profilePhotoUrl(deps, member),
        levelName: member.levelName,
      }
    : {};
  if (!proof.ok || !card) {
    const refusal = proof.ok ? 'Invalid' : proof.refusal;
    return { ...blank, ...person, outcome: refusal, message: refusalMessages[refusal], cardId: null };
  }
  if (card.revokedAt)
    return { ...blank, ...person, outcome: 'Revoked', message: refusalMessages.Revoked, cardId: card.id };
  if (!member)
    return {
      ...blank,
      outcome: CheckInOutcome.NotCleared,
      message: 'Not cleared',
      reasons: ['no longer a member of this team'],
      cardId: card.id,
    };
  const clearance = (await clearanceOf(deps.db, ctx.organizationId, [member], now)).get(member.profileId);
  const cleared = clearance?.state === ClearanceState.Cleared;
  return {
    ...blank,
    ...person,
    outcome: cleared ? CheckInOutcome.Cleared : CheckInOutcome.NotCleared,
    message: cleared ? 'Cleared' : 'Not cleared',
    reasons: clearance?.reasons ?? [],
    cardId: card.id,
  };
}

/** POST /api/app/game-day/cards/verify: what a scanned card says now, for a checker of the organization. */
export async function verifyCard(deps: Deps, ctx: RequestContext, token: string): Promise<CardCheck> {
  authorize(
    await checksInAt(deps, ctx, null),
    'Only coaches, referees, field marshals and managers check cards',
  );
  const { cardId: _card, ...check } = await checkToken(deps, ctx, token);
  return check;
}

async function gameLevel(deps: Deps, ctx: RequestContext, levelId: string) {
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
 * client id (201 the first time, 200 with the same record on a replay; another game's id is 409). Audited.
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
  const inserted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gameDayCheckIns)
      .values({
        id: body.id,
        organizationId: ctx.organizationId,
        hierarchyLevelId: level.id,
        gameOn: game.gameOn,
        cardId: check.cardId,
        profileLevelAccessId: check.profileLevelAccessId,
        outcome: check.outcome,
        reasons: check.reasons,
        checkedByProfileId: ctx.profileId,
        scannedAt: body.scannedAt ? new Date(body.scannedAt) : deps.clock(),
      })
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
  if (!row) throw new Error('check-in not recorded');
  return { created: Boolean(inserted), checkIn: (await presentCheckIns(deps, ctx, [replayOf(row)]))[0]! };
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
