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

/**
 * The limits the identity service applies: sign-in failures per (account, client address), per account across all
 * addresses and per client address across accounts; and requests that send e-mail per target address and per
 * client address.
 */
export type ThrottleRules = {
  accountFromIp: ThrottleRule;
  account: ThrottleRule;
  ip: ThrottleRule;
  emailPerAddress: ThrottleRule;
  emailPerIp: ThrottleRule;
};

/**
 * Defaults (ADR 019). A stranger's wrong passwords count against the stranger's (account, address) pair first: 5 in
 * 15 minutes slow that pair only, so the owner signing in from elsewhere is not locked out. The account itself is
 * limited only after 100 failures from any addresses (NIST SP 800-63B §5.2.2: at most 100 consecutive failures; a
 * success clears them), and one address after 30 failures across accounts. E-mail: 5 per address and 30 requests
 * per client address an hour (a club's shared wifi must still let a team sign up).
 */
export const defaultThrottleRules: ThrottleRules = {
  accountFromIp: { maxFailures: 5, windowSeconds: 900, blockSeconds: 60, maxBlockSeconds: 900 },
  account: { maxFailures: 100, windowSeconds: 86_400, blockSeconds: 900, maxBlockSeconds: 3600 },
  ip: { maxFailures: 30, windowSeconds: 900, blockSeconds: 300, maxBlockSeconds: 3600 },
  emailPerAddress: { maxFailures: 5, windowSeconds: 3600, blockSeconds: 900, maxBlockSeconds: 3600 },
  emailPerIp: { maxFailures: 30, windowSeconds: 3600, blockSeconds: 600, maxBlockSeconds: 3600 },
};

/** The throttle keys of one sign-in attempt: the (account, address) pair, the account, and the address. */
export function signInThrottleKeys(normalizedEmail: string, ip: string) {
  return {
    accountFromIp: `account-ip:${ip}/${normalizedEmail}`,
    account: `account:${normalizedEmail}`,
    ip: `ip:${ip}`,
  };
}

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

/** Forgets failures after a successful sign-in (the account's keys; the address counter is left to expire). */
export async function clearFailures(db: IdentityDatabase, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(identityThrottles).where(inArray(identityThrottles.key, keys));
}
