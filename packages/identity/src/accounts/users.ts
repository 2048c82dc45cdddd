import { eq, sql } from 'drizzle-orm';
import { legacyRoleMap, migrateLegacyRoles } from '@touchline/contracts/roles';
import { rawQuery, type IdentityDatabase } from '../db/database.ts';
import { identityAuditEvents, identityUserRoles, identityUsers } from '../db/schema.ts';
import { normalizeEmail } from '../secrets.ts';
import type { TokenSubject } from '../tokens/access-token.ts';

/** A stored account row. */
export type IdentityUser = typeof identityUsers.$inferSelect;

/** An account with its roles, read in one query (sign-in and token issue are on the hot path). */
export type UserWithRoles = IdentityUser & { roles: string[] };

const rolesOf = sql<
  string[]
>`coalesce((select array_agg(r.role order by r.role) from ${identityUserRoles} r where r.user_id = ${identityUsers.id}), '{}')`;

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

/** What sign-in needs in one round trip: the account with roles, and the throttling state of its keys. */
export type SignInLookup = {
  user: UserWithRoles | undefined;
  blockedUntil: Date | null;
  keysWithFailures: string[];
};

const signInLookupSql = `
  select u.id, u.email, u.normalized_email, u.password_hash, u.first_name, u.last_name, u.email_confirmed_at,
         u.terms_accepted_at, u.privacy_accepted_at, u.current_profile_id, u.tabs, u.created_at, u.updated_at,
         coalesce((select array_agg(r.role order by r.role) from identity_user_roles r where r.user_id = u.id), '{}') as roles,
         null::text as key, null::timestamptz as blocked_until
    from identity_users u where u.normalized_email = $1
  union all
  select null, null, null, null, null, null, null, null, null, null, null, null, null, null, t.key, t.blocked_until
    from identity_throttles t where t.key = any($2::text[])`;

type LookupRow = {
  id: string | null;
  email: string | null;
  normalized_email: string | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  email_confirmed_at: Date | string | null;
  terms_accepted_at: Date | string | null;
  privacy_accepted_at: Date | string | null;
  current_profile_id: string | null;
  tabs: string[] | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  roles: string[] | null;
  key: string | null;
  blocked_until: Date | string | null;
};

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Reads the account (with roles) and the throttle rows of the given keys in one round trip, a UNION of two index
 * lookups: sign-in is the hot path whose cost beyond the password hash must stay small (bench: login).
 */
export async function lookupForSignIn(
  db: IdentityDatabase,
  email: string,
  keys: string[],
): Promise<SignInLookup> {
  const rows = await rawQuery<LookupRow>(db, signInLookupSql, [normalizeEmail(email), keys]);
  const userRow = rows.find((r) => r.id !== null);
  const throttleRows = rows.filter((r) => r.key !== null);
  const blocked = Math.max(0, ...throttleRows.map((r) => toDate(r.blocked_until)?.getTime() ?? 0));
  const user: UserWithRoles | undefined = userRow?.id
    ? {
        id: userRow.id,
        email: userRow.email ?? '',
        normalizedEmail: userRow.normalized_email ?? '',
        passwordHash: userRow.password_hash ?? '',
        firstName: userRow.first_name ?? '',
        lastName: userRow.last_name ?? '',
        emailConfirmedAt: toDate(userRow.email_confirmed_at),
        termsAcceptedAt: toDate(userRow.terms_accepted_at),
        privacyAcceptedAt: toDate(userRow.privacy_accepted_at),
        currentProfileId: userRow.current_profile_id,
        tabs: userRow.tabs ?? [],
        createdAt: toDate(userRow.created_at) ?? new Date(0),
        updatedAt: toDate(userRow.updated_at) ?? new Date(0),
        roles: userRow.roles ?? [],
      }
    : undefined;
  return {
    user,
    blockedUntil: blocked > 0 ? new Date(blocked) : null,
    keysWithFailures: throttleRows.map((r) => r.key ?? ''),
  };
}

/** Reads what an access token says about a user: the account plus its roles. */
export async function loadTokenSubject(
  db: IdentityDatabase,
  userId: string,
): Promise<TokenSubject | undefined> {
  const [row] = await db
    .select({ user: identityUsers, roles: rolesOf })
    .from(identityUsers)
    .where(eq(identityUsers.id, userId));
  return row && { ...row.user, roles: row.roles };
}

/**
 * Role migration on sign-in (spec §4): legacy President becomes Admin and Operator becomes Manager, stored so
 * the user's roles are updated for good, with an audit event. Returns the roles after migration.
 */
export async function migrateStoredLegacyRoles(
  db: IdentityDatabase,
  userId: string,
  current: string[],
): Promise<string[]> {
  if (!current.some((role) => Object.hasOwn(legacyRoleMap, role))) return current;
  const migrated = migrateLegacyRoles(current).sort();
  await db.transaction(async (tx) => {
    await tx.delete(identityUserRoles).where(eq(identityUserRoles.userId, userId));
    await tx.insert(identityUserRoles).values(migrated.map((role) => ({ userId, role })));
    await tx.insert(identityAuditEvents).values({
      userId,
      action: 'roles.migrated',
      data: JSON.stringify({ from: current, to: migrated }),
    });
  });
  return migrated;
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
