import { and, count, eq, gt, ilike, inArray, like, or, sql } from 'drizzle-orm';
import { Role } from '@touchline/contracts/roles';
import type { IdentityDatabase } from '../db/database.ts';
import { identityAuditEvents, identityThrottles, identityUserRoles, identityUsers } from '../db/schema.ts';
import type { DirectoryUser } from './directory.ts';

// What a platform administrator's /admin area reads and does of accounts (issue 32): find an account across every
// organization, see whether it is confirmed, locked or a platform administrator, and unlock it. Never the password
// hash; every change is in the identity trail with who asked.

/** An account as the platform administrator sees it: the directory's fields plus its standing. */
export type AdminDirectoryUser = DirectoryUser & {
  platformAdmin: boolean;
  createdAt: Date;
  /** The latest sign-in block on the account itself (any address), or null when it may sign in now. */
  lockedUntil: Date | null;
};

/** Escapes LIKE's wildcards so a search for `a_b` finds that text, not any character. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The throttle keys that block the account itself: its own counter and every (address, account) pair. */
const accountKeys = (normalizedEmail: string) =>
  or(
    eq(identityThrottles.key, `account:${normalizedEmail}`),
    like(identityThrottles.key, `account-ip:%/${normalizedEmail.replace(/[\\%_]/g, (c) => `\\${c}`)}`),
  );

async function withStanding(
  db: IdentityDatabase,
  rows: (typeof identityUsers.$inferSelect)[],
  now: Date,
): Promise<AdminDirectoryUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const admins = await db
    .select({ userId: identityUserRoles.userId })
    .from(identityUserRoles)
    .where(and(inArray(identityUserRoles.userId, ids), eq(identityUserRoles.role, Role.TouchlineAdmin)));
  const adminIds = new Set(admins.map((a) => a.userId));
  return Promise.all(
    rows.map(async (row) => {
      const [block] = await db
        .select({ until: sql<Date | string | null>`max(${identityThrottles.blockedUntil})` })
        .from(identityThrottles)
        .where(and(accountKeys(row.normalizedEmail), gt(identityThrottles.blockedUntil, now)));
      return {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        emailConfirmed: row.emailConfirmedAt !== null,
        platformAdmin: adminIds.has(row.id),
        createdAt: row.createdAt,
        lockedUntil: block?.until ? new Date(block.until) : null,
      };
    }),
  );
}

/**
 * Finds accounts whose e-mail or name contains the text (case-insensitive), newest first, one page with the total:
 * the /admin area's people search across organizations.
 */
export async function searchDirectoryUsers(
  db: IdentityDatabase,
  input: { query: string; limit: number; offset: number; now?: Date },
): Promise<{ items: AdminDirectoryUser[]; totalCount: number }> {
  const text = likeText(input.query.trim());
  const where = input.query.trim()
    ? or(
        ilike(identityUsers.email, text),
        ilike(sql`${identityUsers.firstName} || ' ' || ${identityUsers.lastName}`, text),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(identityUsers)
      .where(where)
      .orderBy(sql`${identityUsers.createdAt} desc`, identityUsers.id)
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(identityUsers).where(where),
  ]);
  return { items: await withStanding(db, rows, input.now ?? new Date()), totalCount: total?.n ?? 0 };
}

/** One account with its standing, or null: the person page of the /admin area. */
export async function findAdminDirectoryUser(
  db: IdentityDatabase,
  userId: string,
  now: Date = new Date(),
): Promise<AdminDirectoryUser | null> {
  const rows = await db.select().from(identityUsers).where(eq(identityUsers.id, userId));
  const [user] = await withStanding(db, rows, now);
  return user ?? null;
}

/**
 * Lifts every sign-in block on the account (its own counter and each address's), as a platform administrator
 * asked for a member who is locked out; the client addresses' own counters stay. Audited with who asked. False
 * when no such account exists.
 */
export async function unlockDirectoryUser(
  db: IdentityDatabase,
  userId: string,
  by: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(identityUsers).where(eq(identityUsers.id, userId));
    if (!user) return false;
    const removed = await tx
      .delete(identityThrottles)
      .where(accountKeys(user.normalizedEmail))
      .returning({ key: identityThrottles.key });
    await tx.insert(identityAuditEvents).values({
      userId,
      action: 'user.unlocked',
      data: JSON.stringify({ by, counters: removed.length }),
    });
    return true;
  });
}
