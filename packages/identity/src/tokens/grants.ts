import {
  TokenErrorCode,
  emailNotConfirmedMessage,
  invalidCredentialsMessage,
  webClientId,
  type TokenErrorCode as TokenErrorCodeType,
} from '@touchline/contracts/accounts';
import type { ResolvedIdentityConfig } from '../config.ts';
import {
  auditIdentity,
  loadTokenSubject,
  lookupForSignIn,
  migrateStoredLegacyRoles,
} from '../accounts/users.ts';
import { verifyPassword } from '../passwords.ts';
import { normalizeEmail } from '../secrets.ts';
import {
  clearFailures,
  recordFailure,
  signInThrottleKeys,
  ThrottledError,
  throwIfBlocked,
} from '../throttle.ts';
import { signAccessToken, type TokenSubject } from './access-token.ts';
import { consumeRefreshToken, issueRefreshToken } from './refresh-tokens.ts';

/** A successful token answer (RFC 6749 §5.1). */
export type TokenAnswer = {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
};

/** A refused grant, answered in RFC 6749 §5.2 form with its HTTP status. */
export class TokenGrantError extends Error {
  constructor(
    readonly code: TokenErrorCodeType,
    readonly description: string,
    readonly status = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'TokenGrantError';
  }
}

/** The registered clients: only the first-party web client may use the password grant (ARCHITECTURE §2). */
const passwordGrantClients = new Set([webClientId]);

async function answerFor(
  config: ResolvedIdentityConfig,
  subject: TokenSubject | undefined,
  authTime: Date,
  refreshToken: string,
  /** When the token is issued: a sign-in's own instant (its auth_time), so exp − auth_time is exactly the TTL. */
  now: Date = config.now(),
) {
  if (!subject) throw new TokenGrantError(TokenErrorCode.InvalidGrant, 'The account no longer exists');
  const key = await config.keys.signingKey();
  const accessToken = await signAccessToken(key, subject, authTime, now, config.accessTokenTtlSeconds);
  const answer: TokenAnswer = {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: config.accessTokenTtlSeconds,
  };
  return answer;
}

/**
 * The password grant (spec §7): the same answer for an unknown e-mail and a wrong password, throttled per
 * (account, client address), per account and per client address (ADR 019). An unconfirmed address is told only after the right password.
 */
export async function passwordGrant(
  config: ResolvedIdentityConfig,
  input: { clientId: string; username: string; password: string; ip: string },
): Promise<TokenAnswer> {
  if (!passwordGrantClients.has(input.clientId)) {
    throw new TokenGrantError(
      TokenErrorCode.InvalidClient,
      'This client may not sign in with a password',
      401,
    );
  }
  const { db } = config;
  const now = config.now();
  const keys = signInThrottleKeys(normalizeEmail(input.username), input.ip);
  const { user, blockedUntil, keysWithFailures } = await lookupForSignIn(db, input.username, [
    keys.accountFromIp,
    keys.account,
    keys.ip,
  ]);
  try {
    throwIfBlocked(blockedUntil, now);
  } catch (err) {
    if (!(err instanceof ThrottledError)) throw err;
    throw new TokenGrantError(TokenErrorCode.SlowDown, err.message, 429, err.retryAfterSeconds);
  }
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await recordFailure(db, keys.accountFromIp, config.throttle.accountFromIp, now);
    await recordFailure(db, keys.account, config.throttle.account, now);
    await recordFailure(db, keys.ip, config.throttle.ip, now);
    await auditIdentity(db, { userId: user?.id, action: 'sign-in.failed', ip: input.ip });
    throw new TokenGrantError(TokenErrorCode.InvalidGrant, invalidCredentialsMessage);
  }
  await clearFailures(
    db,
    [keys.accountFromIp, keys.account].filter((key) => keysWithFailures.includes(key)),
  );
  if (!user.emailConfirmedAt) {
    throw new TokenGrantError(TokenErrorCode.InvalidGrant, emailNotConfirmedMessage);
  }
  const roles = await migrateStoredLegacyRoles(db, user.id, user.roles);
  const refresh = await issueRefreshToken(
    db,
    {
      userId: user.id,
      clientId: input.clientId,
      authTime: now,
      now,
      ttlSeconds: config.refreshTokenTtlSeconds,
    },
    { action: 'sign-in', ip: input.ip },
  );
  return answerFor(config, { ...user, roles }, now, refresh.token, now);
}

/**
 * The refresh_token grant: rotates the token (a new one in the same family) and issues a new access token with
 * current claims, so accepting a policy shows up in the next token. Reusing a rotated token revokes the family.
 */
export async function refreshTokenGrant(
  config: ResolvedIdentityConfig,
  input: { clientId: string; refreshToken: string; ip: string },
): Promise<TokenAnswer> {
  const now = config.now();
  const outcome = await consumeRefreshToken(config.db, input.refreshToken, input.clientId, now);
  if (!outcome.ok) {
    if (outcome.reason === 'reused') {
      await auditIdentity(config.db, {
        userId: outcome.userId,
        action: 'refresh-token.reused',
        ip: input.ip,
      });
    }
    throw new TokenGrantError(
      TokenErrorCode.InvalidGrant,
      'The refresh token is invalid, expired or revoked',
    );
  }
  const next = await issueRefreshToken(config.db, {
    userId: outcome.userId,
    clientId: input.clientId,
    authTime: outcome.authTime,
    now,
    ttlSeconds: config.refreshTokenTtlSeconds,
    familyId: outcome.familyId,
  });
  return answerFor(config, await loadTokenSubject(config.db, outcome.userId), outcome.authTime, next.token);
}
