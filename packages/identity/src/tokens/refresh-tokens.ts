import { and, eq, isNull } from 'drizzle-orm';
import { rawQuery, type IdentityDatabase } from '../db/database.ts';
import { identityRefreshTokens } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from '../secrets.ts';

/** A refresh token as issued: the opaque value (given to the client once) and the family it belongs to. */
export type IssuedRefreshToken = { token: string; familyId: string };

/**
 * Issues a refresh token: a new family for a fresh sign-in, or the next token of a family on rotation. With
 * `audit`, the audit event is written in the same statement (sign-in is the hot path; one round trip, not two).
 */
export async function issueRefreshToken(
  db: IdentityDatabase,
  input: {
    userId: string;
    clientId: string;
    authTime: Date;
    now: Date;
    ttlSeconds: number;
    familyId?: string;
  },
  audit?: { action: string; ip: string },
): Promise<IssuedRefreshToken> {
  const token = newOpaqueToken();
  const familyId = input.familyId ?? crypto.randomUUID();
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000).toISOString();
  const insertToken = `insert into identity_refresh_tokens (family_id, user_id, client_id, token_hash, auth_time, expires_at)
    values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`;
  const params = [
    familyId,
    input.userId,
    input.clientId,
    hashToken(token),
    input.authTime.toISOString(),
    expiresAt,
  ];
  if (audit) {
    await rawQuery(
      db,
      `with issued as (${insertToken}) insert into identity_audit_events (user_id, action, ip) values ($2, $7, $8)`,
      [...params, audit.action, audit.ip],
    );
  } else {
    await rawQuery(db, insertToken, params);
  }
  return { token, familyId };
}

/** Why a refresh token was refused; the token endpoint answers invalid_grant for each. */
export type RefreshRefusal = 'unknown' | 'expired' | 'revoked' | 'reused' | 'wrong-client';

/** The outcome of presenting a refresh token. */
export type RefreshOutcome =
  | { ok: true; userId: string; familyId: string; authTime: Date }
  | { ok: false; reason: RefreshRefusal; userId?: string };

/**
 * Consumes a refresh token for rotation. The token is marked used with a conditional update, so of two parallel
 * uses exactly one wins; the loser, like any later replay of a used token, is reuse, which revokes the family.
 */
export async function consumeRefreshToken(
  db: IdentityDatabase,
  token: string,
  clientId: string,
  now: Date,
): Promise<RefreshOutcome> {
  const [row] = await db
    .select()
    .from(identityRefreshTokens)
    .where(eq(identityRefreshTokens.tokenHash, hashToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.clientId !== clientId) return { ok: false, reason: 'wrong-client', userId: row.userId };
  if (row.revokedAt) return { ok: false, reason: 'revoked', userId: row.userId };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired', userId: row.userId };
  const claimed = await db
    .update(identityRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(identityRefreshTokens.id, row.id), isNull(identityRefreshTokens.usedAt)))
    .returning({ id: identityRefreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: 'reused', userId: row.userId };
  }
  return { ok: true, userId: row.userId, familyId: row.familyId, authTime: row.authTime };
}

/** Revokes every token of a family (reuse detected, or sign-out). */
export async function revokeFamily(db: IdentityDatabase, familyId: string, now: Date): Promise<void> {
  await db
    .update(identityRefreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(identityRefreshTokens.familyId, familyId), isNull(identityRefreshTokens.revokedAt)));
}

/** Revokes the family a presented token belongs to (RFC 7009 revocation); unknown tokens are ignored. */
export async function revokeByToken(db: IdentityDatabase, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ familyId: identityRefreshTokens.familyId, userId: identityRefreshTokens.userId })
    .from(identityRefreshTokens)
    .where(eq(identityRefreshTokens.tokenHash, hashToken(token)));
  if (!row) return null;
  await revokeFamily(db, row.familyId, now);
  return row.userId;
}

/** Revokes all of a user's refresh tokens (password reset: every session ends). */
export async function revokeAllForUser(db: IdentityDatabase, userId: string, now: Date): Promise<void> {
  await db
    .update(identityRefreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(identityRefreshTokens.userId, userId), isNull(identityRefreshTokens.revokedAt)));
}
