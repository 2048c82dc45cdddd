import { eq } from 'drizzle-orm';
import { legacyRoleMap, migrateLegacyRoles } from '@touchline/contracts/roles';
import type { IdentityDatabase } from '../db/database.ts';
import { identityAuditEvents, identityUserRoles, identityUsers } from '../db/schema.ts';
import { normalizeEmail } from '../secrets.ts';
import type { TokenSubject } from '../tokens/access-token.ts';

/** A stored account row. */
export type IdentityUser = typeof identityUsers.$inferSelect;

/** Finds an account by e-mail, compared case-insensitively. */
export async function findUserByEmail(
  db: IdentityDatabase,
  email: string,
): Promise<IdentityUser | undefined> {
  const [user] = await db
    .select()
    .from(identityUsers)
    .where(eq(identityUsers.normalizedEmail, normalizeEmail(email)));
  return user;
}

/** Reads what an access token says about a user: the account plus its roles. */
export async function loadTokenSubject(
  db: IdentityDatabase,
  userId: string,
): Promise<TokenSubject | undefined> {
  const [user] = await db.select().from(identityUsers).where(eq(identityUsers.id, userId));
  if (!user) return undefined;
  const roles = await db
    .select({ role: identityUserRoles.role })
    .from(identityUserRoles)
    .where(eq(identityUserRoles.userId, userId))
    .orderBy(identityUserRoles.role);
  return { ...user, roles: roles.map((r) => r.role) };
}

/**
 * Role migration on sign-in (spec §4): legacy President becomes Admin and Operator becomes Manager, stored so
 * the user's roles are updated for good, with an audit event. Returns whether anything changed.
 */
export async function migrateStoredLegacyRoles(db: IdentityDatabase, userId: string): Promise<boolean> {
  const rows = await db.select().from(identityUserRoles).where(eq(identityUserRoles.userId, userId));
  const current = rows.map((r) => r.role);
  if (!current.some((role) => Object.hasOwn(legacyRoleMap, role))) return false;
  const migrated = migrateLegacyRoles(current);
  await db.transaction(async (tx) => {
    await tx.delete(identityUserRoles).where(eq(identityUserRoles.userId, userId));
    await tx.insert(identityUserRoles).values(migrated.map((role) => ({ userId, role })));
    await tx.insert(identityAuditEvents).values({
      userId,
      action: 'roles.migrated',
      data: JSON.stringify({ from: current, to: migrated }),
    });
  });
  return true;
}

/** Records a security event (sign-in, failure, reset, reuse…) with the client address. */
export async function auditIdentity(
  db: IdentityDatabase,
  event: { userId?: string | null; action: string; ip?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  await db.insert(identityAuditEvents).values({
    userId: event.userId ?? null,
    action: event.action,
    ip: event.ip ?? null,
    data: event.data ? JSON.stringify(event.data) : null,
  });
}
