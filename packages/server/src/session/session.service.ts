import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { webSessions } from '../db/schema/index.ts';

/** Opens a session row for a signed-in browser; its id goes into the sealed cookie. */
export async function openWebSession(db: Database, userId: string): Promise<string> {
  const [row] = await db.insert(webSessions).values({ userId }).returning({ id: webSessions.id });
  if (!row) throw new Error('the session row was not created');
  return row.id;
}

/** Whether a cookie's session is still live (not signed out, not ended by a failed refresh). */
export async function isWebSessionLive(db: Database, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webSessions.id })
    .from(webSessions)
    .where(and(eq(webSessions.id, sessionId), eq(webSessions.userId, userId), isNull(webSessions.revokedAt)));
  return row !== undefined;
}

/** Ends a session for good: every later request with its cookie is treated as signed out. */
export async function revokeWebSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(webSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(webSessions.id, sessionId), isNull(webSessions.revokedAt)));
}

/** How long a used-up refresh token still yields the tokens it was exchanged for (parallel tabs, retries). */
export const refreshGraceSeconds = 120;

const lockSeconds = 15;
const lockWaitMs = 100;
const lockAttempts = 100;

/** The tokens of a session's latest refresh. */
export type RotatedTokens = { token: string; refresh_token: string };

/** Where a session's refresh stands for a request holding `refreshHash`: already done by another, or ours to do. */
export type RefreshTurn =
  { kind: 'already-rotated'; sealed: string } | { kind: 'locked' } | { kind: 'ended' };

/**
 * Waits for this session's refresh turn. If another request already exchanged the same refresh token moments
 * ago, answers with its sealed result; otherwise takes the session's refresh lock (a conditional update, so it
 * works across instances and on the single-connection embedded database) for the caller to refresh.
 */
export async function takeRefreshTurn(
  db: Database,
  sessionId: string,
  refreshHash: string,
): Promise<RefreshTurn> {
  for (let attempt = 0; attempt < lockAttempts; attempt += 1) {
    const [row] = await db.select().from(webSessions).where(eq(webSessions.id, sessionId));
    if (!row || row.revokedAt) return { kind: 'ended' };
    const graceStart = Date.now() - refreshGraceSeconds * 1000;
    if (
      row.previousRefreshHash === refreshHash &&
      row.latestSeal &&
      row.rotatedAt &&
      row.rotatedAt.getTime() > graceStart
    ) {
      return { kind: 'already-rotated', sealed: row.latestSeal };
    }
    const locked = await db
      .update(webSessions)
      .set({ refreshLockUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
      .where(
        and(
          eq(webSessions.id, sessionId),
          isNull(webSessions.revokedAt),
          or(isNull(webSessions.refreshLockUntil), lt(webSessions.refreshLockUntil, sql`now()`)),
        ),
      )
      .returning({ id: webSessions.id, previousRefreshHash: webSessions.previousRefreshHash });
    if (locked.length > 0) return { kind: 'locked' };
    await new Promise((resolve) => setTimeout(resolve, lockWaitMs));
  }
  return { kind: 'ended' };
}

/** Records a finished refresh and releases the lock: later holders of the used-up token get `sealed`. */
export async function recordRotation(
  db: Database,
  sessionId: string,
  usedRefreshHash: string,
  sealed: string,
) {
  const now = new Date();
  await db
    .update(webSessions)
    .set({
      previousRefreshHash: usedRefreshHash,
      rotatedAt: now,
      latestSeal: sealed,
      refreshedAt: now,
      refreshLockUntil: null,
    })
    .where(eq(webSessions.id, sessionId));
}

/** Releases the refresh lock without a rotation (the refresh failed or was not needed). */
export async function releaseRefreshLock(db: Database, sessionId: string) {
  await db.update(webSessions).set({ refreshLockUntil: null }).where(eq(webSessions.id, sessionId));
}
