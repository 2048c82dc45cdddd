import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  CheckInOutcome,
  ClearanceState,
  type CardCheck,
  type ClearanceCard,
} from '@touchline/contracts/game-day';
import { holdsAt, authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { gameDayCards, organizations } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { profilePhotoUrl } from '../profiles/profiles.service.ts';
import { organizationKey, publishedKeys, signCard, verifyCardToken } from './card-keys.ts';
import { clearanceOf } from './game-day-clearance.ts';

import { cardLifetimeMs, checksInAt, memberOf } from './game-day-members.ts';

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
  const key = await organizationKey(deps, ctx.organizationId);
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
export async function getKeys(deps: Deps, ctx: RequestContext) {
  return publishedKeys(deps, ctx.organizationId);
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

export const refusalMessages = {
  Expired: 'This card has expired: ask the member to open their card again',
  Revoked: 'This card was revoked by the league',
  Invalid: 'This is not a valid card of this league',
  OtherOrganization: 'This card belongs to another organization',
} as const;

type Checked = CardCheck & { cardId: string | null };

export async function checkToken(deps: Deps, ctx: RequestContext, token: string): Promise<Checked> {
  const now = deps.clock();
  const proof = await verifyCardToken(deps, ctx.organizationId, token, now);
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
