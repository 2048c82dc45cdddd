import { and, eq, ne } from 'drizzle-orm';
import { Role } from '@touchline/contracts/roles';
import type { IdentityDatabase } from '../db/database.ts';
import { identityAuditEvents, identityUserRoles, identityUsers } from '../db/schema.ts';
import { verifyPassword } from '../passwords.ts';
import { normalizeEmail } from '../secrets.ts';

/** What the product may read of an account: never the password hash or throttling state. */
export type DirectoryUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailConfirmed: boolean;
};

function toDirectoryUser(row: typeof identityUsers.$inferSelect): DirectoryUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}

/** Reads an account by id, for the product's account settings and invitation acceptance. */
export async function findDirectoryUser(db: IdentityDatabase, userId: string): Promise<DirectoryUser | null> {
  const [row] = await db.select().from(identityUsers).where(eq(identityUsers.id, userId));
  return row ? toDirectoryUser(row) : null;
}

/** Reads an account by e-mail (case-insensitive): the invitation asks whether the invitee signs in or signs up. */
export async function findDirectoryUserByEmail(
  db: IdentityDatabase,
  email: string,
): Promise<DirectoryUser | null> {
  const [row] = await db
    .select()
    .from(identityUsers)
    .where(eq(identityUsers.normalizedEmail, normalizeEmail(email)));
  return row ? toDirectoryUser(row) : null;
}

/**
 * Switches the account to another profile (select-organization): the current profile and the organization roles
 * that profile holds, so the next token's CurrentProfileId and User/Role follow. The platform role
 * (TouchlineAdmin) is the identity's own and is kept. Returns false when the account does not exist.
 */
export async function setUserContext(
  db: IdentityDatabase,
  userId: string,
  context: { currentProfileId: string | null; roles: readonly string[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(identityUsers)
      .set({ currentProfileId: context.currentProfileId, updatedAt: new Date() })
      .where(eq(identityUsers.id, userId))
      .returning({ id: identityUsers.id });
    if (updated.length === 0) return false;
    await tx
      .delete(identityUserRoles)
      .where(and(eq(identityUserRoles.userId, userId), ne(identityUserRoles.role, Role.TouchlineAdmin)));
    const roles = [...new Set(context.roles)].filter((role) => role !== Role.TouchlineAdmin);
    if (roles.length > 0) await tx.insert(identityUserRoles).values(roles.map((role) => ({ userId, role })));
    await tx.insert(identityAuditEvents).values({
      userId,
      action: 'user.context_switched',
      data: JSON.stringify({ currentProfileId: context.currentProfileId, roles }),
    });
    return true;
  });
}

/** Renames the account (account settings); the next token carries the new names. */
export async function updateUserNames(
  db: IdentityDatabase,
  userId: string,
  names: { firstName: string; lastName: string },
): Promise<boolean> {
  const updated = await db
    .update(identityUsers)
    .set({ firstName: names.firstName, lastName: names.lastName, updatedAt: new Date() })
    .where(eq(identityUsers.id, userId))
    .returning({ id: identityUsers.id });
  return updated.length > 0;
}

/**
 * Grants or withdraws the platform role (TouchlineAdmin) of an existing, confirmed account, found by e-mail: the
 * operator's way to name who runs the deployment (`npm run platform-admin`). Audited in the identity trail with who
 * ran it; the account's next token carries the change. Idempotent: asking for what is already so changes nothing.
 */
export async function setPlatformAdmin(
  db: IdentityDatabase,
  input: { email: string; grant: boolean; by: string },
): Promise<{ outcome: 'no_account' | 'unconfirmed' | 'granted' | 'revoked' | 'unchanged'; userId?: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(identityUsers)
      .where(eq(identityUsers.normalizedEmail, normalizeEmail(input.email)))
      .for('update');
    if (!user) return { outcome: 'no_account' };
    if (input.grant && user.emailConfirmedAt === null) return { outcome: 'unconfirmed', userId: user.id };
    const held = await tx
      .select({ role: identityUserRoles.role })
      .from(identityUserRoles)
      .where(and(eq(identityUserRoles.userId, user.id), eq(identityUserRoles.role, Role.TouchlineAdmin)));
    if (held.length > 0 === input.grant) return { outcome: 'unchanged', userId: user.id };
    if (input.grant)
      await tx.insert(identityUserRoles).values({ userId: user.id, role: Role.TouchlineAdmin });
    else
      await tx
        .delete(identityUserRoles)
        .where(and(eq(identityUserRoles.userId, user.id), eq(identityUserRoles.role, Role.TouchlineAdmin)));
    await tx.insert(identityAuditEvents).values({
      userId: user.id,
      action: input.grant ? 'user.platform_admin_granted' : 'user.platform_admin_revoked',
      data: JSON.stringify({ by: input.by }),
    });
    return { outcome: input.grant ? 'granted' : 'revoked', userId: user.id };
  });
}

/** What confirming an address by an invitation found: done now, done before, or no account with that password. */
export type InvitedAddressConfirmation = 'confirmed' | 'already-confirmed' | 'mismatch';

/**
 * Confirms an account's address on the product's word that its holder followed an invitation e-mailed there (the
 * link proves the address, ADR 033) — only for the account whose password is given, so an account someone else
 * registered for that address beforehand is never confirmed by the invitee's link.
 */
export async function confirmInvitedAddress(
  db: IdentityDatabase,
  email: string,
  password: string,
  now: Date = new Date(),
): Promise<InvitedAddressConfirmation> {
  const [row] = await db
    .select()
    .from(identityUsers)
    .where(eq(identityUsers.normalizedEmail, normalizeEmail(email)));
  if (!(await verifyPassword(row?.passwordHash ?? null, password)) || !row) return 'mismatch';
  if (row.emailConfirmedAt) return 'already-confirmed';
  await db
    .update(identityUsers)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(eq(identityUsers.id, row.id));
  await db
    .insert(identityAuditEvents)
    .values({ userId: row.id, action: 'email.confirmed-by-invitation', data: JSON.stringify({}) });
  return 'confirmed';
}
