import { and, eq, gt, isNull } from 'drizzle-orm';
import type { IdentityDatabase } from '../db/database.ts';
import { identityEmailTokens } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from '../secrets.ts';

/** What an e-mailed token is for. */
export type EmailTokenPurpose = 'confirm-email' | 'reset-password';

/** Lifetimes: a confirmation link works 48 hours, a reset link 60 minutes (OWASP forgot-password guidance). */
export const emailTokenLifetimeSeconds: Record<EmailTokenPurpose, number> = {
  'confirm-email': 48 * 3600,
  'reset-password': 3600,
};

/** Creates a single-use token for a link, invalidating earlier unused ones of the same purpose. */
export async function createEmailToken(
  db: IdentityDatabase,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = newOpaqueToken();
  await db
    .update(identityEmailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(identityEmailTokens.userId, userId),
        eq(identityEmailTokens.purpose, purpose),
        isNull(identityEmailTokens.usedAt),
      ),
    );
  await db.insert(identityEmailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + emailTokenLifetimeSeconds[purpose] * 1000),
  });
  return token;
}

/** Uses a token once: returns its user if it is valid, unexpired and unused (and marks it used), else null. */
export async function consumeEmailToken(
  db: IdentityDatabase,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(identityEmailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(identityEmailTokens.tokenHash, hashToken(token)),
        eq(identityEmailTokens.purpose, purpose),
        isNull(identityEmailTokens.usedAt),
        gt(identityEmailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: identityEmailTokens.userId });
  return row?.userId ?? null;
}
