import { eq, inArray, sql } from 'drizzle-orm';
import type { IdentityDatabase } from './db/database.ts';
import { identityThrottles } from './db/schema.ts';

/** One throttling rule: after `maxFailures` within `windowSeconds`, the key is blocked, doubling each time. */
export type ThrottleRule = {
  maxFailures: number;
  windowSeconds: number;
  blockSeconds: number;
  maxBlockSeconds: number;
};

/** The limits the identity service applies: sign-in failures per account and per client address, and requests
 * that send e-mail per target address and per client address. */
export type ThrottleRules = {
  account: ThrottleRule;
  ip: ThrottleRule;
  emailPerAddress: ThrottleRule;
  emailPerIp: ThrottleRule;
};

/**
 * Defaults: 5 wrong passwords per account or 30 per client address in 15 minutes; 5 e-mails per address and 30
 * e-mail requests per client address an hour (a club's shared wifi must still let a team sign up).
 */
export const defaultThrottleRules: ThrottleRules = {
  account: { maxFailures: 5, windowSeconds: 900, blockSeconds: 60, maxBlockSeconds: 900 },
  ip: { maxFailures: 30, windowSeconds: 900, blockSeconds: 300, maxBlockSeconds: 3600 },
  emailPerAddress: { maxFailures: 5, windowSeconds: 3600, blockSeconds: 900, maxBlockSeconds: 3600 },
  emailPerIp: { maxFailures: 30, windowSeconds: 3600, blockSeconds: 600, maxBlockSeconds: 3600 },
};

/** Thrown when a key is blocked; `retryAfterSeconds` goes into the Retry-After header. */
export class ThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts; try again in ${retryAfterSeconds} seconds`);
    this.name = 'ThrottledError';
  }
}

/** Throws ThrottledError while `blockedUntil` (the latest block of the keys in question) lies ahead of `now`. */
export function throwIfBlocked(blockedUntil: Date | null, now: Date): void {
  if (blockedUntil && blockedUntil > now) {
    throw new ThrottledError(Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)));
  }
}

/** Throws ThrottledError if any of the keys is blocked now (one query for all keys). */
export async function assertNotThrottled(db: IdentityDatabase, keys: string[], now: Date): Promise<void> {
  const rows = await db.select().from(identityThrottles).where(inArray(identityThrottles.key, keys));
  const latest = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
  throwIfBlocked(latest > 0 ? new Date(latest) : null, now);
}

/**
 * Counts one failure (or one request, for rate-limited actions) against a key. Past the rule's maximum within the
 * window the key is blocked; each further failure while counting doubles the block, up to the rule's cap.
 */
export async function recordFailure(
  db: IdentityDatabase,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<void> {
  const windowStart = sql`${new Date(now.getTime() - rule.windowSeconds * 1000).toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(identityThrottles)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: identityThrottles.key,
      set: {
        failures: sql`case when ${identityThrottles.windowStartedAt} < ${windowStart} then 1 else ${identityThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${identityThrottles.windowStartedAt} < ${windowStart} then ${nowSql} else ${identityThrottles.windowStartedAt} end`,
      },
    })
    .returning();
  if (!row || row.failures < rule.maxFailures) return;
  const doublings = Math.min(row.failures - rule.maxFailures, 10);
  const seconds = Math.min(rule.blockSeconds * 2 ** doublings, rule.maxBlockSeconds);
  await db
    .update(identityThrottles)
    .set({ blockedUntil: new Date(now.getTime() + seconds * 1000) })
    .where(eq(identityThrottles.key, key));
}

/** Forgets an account's failures after a successful sign-in (the address counter is left to expire). */
export async function clearFailures(db: IdentityDatabase, key: string): Promise<void> {
  await db.delete(identityThrottles).where(eq(identityThrottles.key, key));
}
