import { eq } from 'drizzle-orm';
import type { IdentityDatabase } from './db/database.ts';
import { identityUserRoles, identityUsers } from './db/schema.ts';
import { hashPassword } from './passwords.ts';
import { normalizeEmail } from './secrets.ts';

/** The demo league's administrator (README): demo data only, never created in production. */
export const demoAdmin = {
  email: 'admin@demo.touchline.test',
  password: 'touchline-demo',
  firstName: 'Dana',
  lastName: 'Director',
  roles: ['Admin'],
} as const;

/**
 * The demo's platform administrator (TouchlineAdmin, no organization): demo data only, so the platform's own screens
 * (deployment facts, integrations) can be seen and tested without touching a database by hand.
 */
export const demoPlatformAdmin = {
  email: 'platform@demo.touchline.test',
  password: 'touchline-demo',
  firstName: 'Pat',
  lastName: 'Platform',
  roles: ['TouchlineAdmin'],
} as const;

/**
 * Creates a confirmed account with the given roles unless the address already has one; returns the user id.
 * Used for the demo administrator and by tests that need a signed-in user.
 */
export async function ensureUser(
  db: IdentityDatabase,
  user: { email: string; password: string; firstName: string; lastName: string; roles: readonly string[] },
  options: { currentProfileId?: string | null; acceptedPolicies?: boolean } = {},
): Promise<string> {
  const [existing] = await db
    .select({ id: identityUsers.id })
    .from(identityUsers)
    .where(eq(identityUsers.normalizedEmail, normalizeEmail(user.email)));
  if (existing) return existing.id;
  const now = new Date();
  const [created] = await db
    .insert(identityUsers)
    .values({
      email: user.email,
      normalizedEmail: normalizeEmail(user.email),
      passwordHash: await hashPassword(user.password),
      firstName: user.firstName,
      lastName: user.lastName,
      emailConfirmedAt: now,
      currentProfileId: options.currentProfileId ?? null,
      termsAcceptedAt: options.acceptedPolicies ? now : null,
      privacyAcceptedAt: options.acceptedPolicies ? now : null,
    })
    .returning({ id: identityUsers.id });
  if (!created) throw new Error('could not create the user');
  if (user.roles.length > 0) {
    await db.insert(identityUserRoles).values(user.roles.map((role) => ({ userId: created.id, role })));
  }
  return created.id;
}
