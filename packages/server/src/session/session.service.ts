import { and, eq, isNull } from 'drizzle-orm';
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

/** Notes a successful refresh (for the audit of session activity). */
export async function touchWebSession(db: Database, sessionId: string): Promise<void> {
  await db.update(webSessions).set({ refreshedAt: new Date() }).where(eq(webSessions.id, sessionId));
}

/** Ends a session for good: every later request with its cookie is treated as signed out. */
export async function revokeWebSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(webSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(webSessions.id, sessionId), isNull(webSessions.revokedAt)));
}
