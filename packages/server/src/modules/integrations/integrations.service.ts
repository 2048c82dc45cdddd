import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { WebhookEvent } from '@touchline/contracts/integrations';
import type { PaginationQuery } from '@touchline/contracts/pagination';
import { webhookEvents } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { assertPlatformAdmin, type PlatformContext } from './platform-admin.ts';

type Filters = PaginationQuery & { provider?: string; state?: WebhookEvent['state'] };

/**
 * The webhook log for platform administrators (webhooks arrive per deployment, before any organization is known):
 * newest first, filtered by provider and state, without bodies. Everyone else is refused.
 */
export async function listWebhookEvents(deps: Pick<Deps, 'db'>, ctx: PlatformContext, query: Filters) {
  assertPlatformAdmin(ctx, 'see the webhook log');
  const db = deps.db;
  const where: SQL[] = [];
  if (query.provider) where.push(eq(webhookEvents.provider, query.provider));
  if (query.state) where.push(eq(webhookEvents.state, query.state));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookEvents)
      .where(filter)
      .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(webhookEvents).where(filter),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      eventId: row.eventId,
      objectType: row.objectType,
      objectId: row.objectId,
      state: row.state,
      attempts: row.attempts,
      lastError: row.lastError,
      receivedAt: row.receivedAt.toISOString(),
      processedAt: row.processedAt?.toISOString() ?? null,
    })),
    totalCount: total?.n ?? 0,
  };
}
