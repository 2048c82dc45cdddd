import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { OfflinePack } from '@touchline/contracts/game-day';
import { recordAuditEvent } from '../../db/audit.ts';
import { gameDayCards } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { publishedKeys } from './card-keys.ts';
import { gameLevel, rosterAt } from './game-day-check-ins.service.ts';

/**
 * GET /api/app/game-day/teams/:levelId/offline-pack: what a checker's device needs to check cards with no signal
 * (ADR 044): the public card keys, the ids of the organization's revoked cards still within their lifetime (a card
 * of another team may be scanned too), and the team's roster today. Only opaque ids beyond the roster's names and
 * reasons; no photo, date of birth or condition. Audited like the roster it carries.
 */
export async function offlinePack(deps: Deps, ctx: RequestContext, levelId: string): Promise<OfflinePack> {
  const level = await gameLevel(deps, ctx, levelId);
  const now = deps.clock();
  const [keys, revoked, roster] = [
    await publishedKeys(deps, ctx.organizationId),
    await deps.db
      .select({ id: gameDayCards.id })
      .from(gameDayCards)
      .where(
        and(
          eq(gameDayCards.organizationId, ctx.organizationId),
          isNotNull(gameDayCards.revokedAt),
          gt(gameDayCards.expiresAt, now),
        ),
      ),
    await rosterAt(deps, ctx, level),
  ];
  await recordAuditEvent(
    deps.db,
    { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    {
      organizationId: ctx.organizationId,
      action: 'game-day.offline-pack.fetched',
      entityType: 'hierarchy_level',
      entityId: level.id,
    },
  );
  return {
    organizationId: ctx.organizationId,
    levelId: level.id,
    fetchedAt: now.toISOString(),
    keys: keys.keys as Record<string, unknown>[],
    revokedCardIds: revoked.map((r) => r.id),
    roster,
  };
}
