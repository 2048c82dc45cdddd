import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Expired counters are swept about once per this many increments, so the table stays the size of one window. */
const sweepEvery = 500;

const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.windowEndsAt} - now())) * 1000))::int`;

/**
 * Counts one hit against `key` in one atomic upsert: a key whose window has ended starts a new one. The window is
 * measured by the database's clock, the one clock every instance shares.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<Counted> {
  const ends = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const expired = sql`${rateLimitCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${ends} else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ current: rateLimitCounters.hits, ttl: ttlMs });
  if (!row) throw new Error('the rate-limit counter was not written');
  return { current: row.current, ttl: Number(row.ttl) };
}

/**
 * A @fastify/rate-limit store over the rate_limit_counters table, shared by every instance on one PostgreSQL
 * database (ADR 019), so N instances allow the limit once, not N times.
 */
export function databaseRateLimitStore(db: Database, keyPrefix: string): FastifyRateLimitStoreCtor {
  let increments = 0;
  const sweep = () =>
    db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowEndsAt, sql`now() - interval '1 minute'`))
      .catch(() => undefined);

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** Built by the library with its options, or by child() with a route's own prefix. */
    constructor(optionsOrPrefix: FastifyRateLimitOptions | string) {
      // A route with its own limit counts apart from the global one, as the library's own stores do.
      this.prefix = typeof optionsOrPrefix === 'string' ? optionsOrPrefix : keyPrefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      increments += 1;
      if (increments % sweepEvery === 0) void sweep();
      countHit(db, this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (err: Error) => callback(err),
      );
    }

    /** The current count without counting (`{ increment: false }` callers). */
    read(key: string, callback: Callback): void {
      db.select({ current: rateLimitCounters.hits, ttl: ttlMs })
        .from(rateLimitCounters)
        .where(
          and(eq(rateLimitCounters.key, this.prefix + key), gt(rateLimitCounters.windowEndsAt, sql`now()`)),
        )
        .then(
          ([row]) =>
            callback(null, row ? { current: row.current, ttl: Number(row.ttl) } : { current: 0, ttl: 0 }),
          (err: Error) => callback(err),
        );
    }

    child(routeOptions: { method: string | string[]; path: string }): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(`${this.prefix}${String(routeOptions.method)}:${routeOptions.path}:`);
    }
  }
  return DatabaseRateLimitStore;
}
