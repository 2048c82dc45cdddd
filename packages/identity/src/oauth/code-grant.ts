import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { importJWK, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { TokenErrorCode } from '@touchline/contracts/accounts';
import type { PartnerClient, ResolvedIdentityConfig } from '../config.ts';
import { identityAuthorizationRequests } from '../db/schema.ts';
import { auditIdentity, loadTokenSubject } from '../accounts/users.ts';
import { hashToken } from '../secrets.ts';
import { signAccessToken, signJwt } from '../tokens/access-token.ts';
import { TokenGrantError } from '../tokens/grants.ts';
import { partnerClient, sameSecret } from './authorization.ts';

/** The token answer of the authorization code grant: no refresh token (partners hold a member's grant briefly). */
export type CodeTokenAnswer = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  id_token: string;
  scope: string;
};

/**
 * Authenticates a partner client at the token endpoint (client_secret_basic or client_secret_post, RFC 6749
 * §2.3.1): 401 invalid_client for an unknown client or a wrong secret, the same answer for both.
 */
export function authenticatePartnerClient(
  config: ResolvedIdentityConfig,
  clientId: string,
  secret: string,
): PartnerClient {
  const client = partnerClient(config, clientId);
  if (!client || !secret || !sameSecret(secret, client.secret)) {
    throw new TokenGrantError(TokenErrorCode.InvalidClient, 'Client authentication failed', 401);
  }
  return client;
}

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6): the code is claimed once (a conditional update, so
 * of two exchanges exactly one wins); a second use is refused and revokes what the first one issued (§4.1.2). The
 * code must belong to this client, name the same redirect URI, be unexpired, and its S256 challenge must match the
 * verifier. Answers an access token bound to the client (`client_id`, `scope`, `jti` = the grant), refused by the
 * product API, and an ID token (`aud` = the client, the request's `nonce`).
 */
export async function authorizationCodeGrant(
  config: ResolvedIdentityConfig,
  input: { client: PartnerClient; code: string; redirectUri: string; codeVerifier: string; ip: string },
): Promise<CodeTokenAnswer> {
  const now = config.now();
  const refuse = (description: string) => new TokenGrantError(TokenErrorCode.InvalidGrant, description);
  if (!verifierPattern.test(input.codeVerifier)) {
    throw new TokenGrantError(TokenErrorCode.InvalidRequest, 'code_verifier is malformed');
  }
  const [row] = await config.db
    .select()
    .from(identityAuthorizationRequests)
    .where(eq(identityAuthorizationRequests.codeHash, hashToken(input.code)));
  if (!row || !row.userId) throw refuse('The authorization code is invalid');
  const claimed = await config.db
    .update(identityAuthorizationRequests)
    .set({ usedAt: now })
    .where(and(eq(identityAuthorizationRequests.id, row.id), isNull(identityAuthorizationRequests.usedAt)))
    .returning({ id: identityAuthorizationRequests.id });
  if (claimed.length === 0) {
    await config.db
      .update(identityAuthorizationRequests)
      .set({ revokedAt: now })
      .where(eq(identityAuthorizationRequests.id, row.id));
    await auditIdentity(config.db, {
      userId: row.userId,
      action: 'oauth.code-reused',
      ip: input.ip,
      data: { clientId: input.client.clientId, requestId: row.id },
    });
    throw refuse('The authorization code was already used');
  }
  // Each check below burns the code: a stolen code cannot be retried with other verifiers or addresses.
  const failed = async (reason: string) => {
    await auditIdentity(config.db, {
      userId: row.userId,
      action: 'oauth.code-refused',
      ip: input.ip,
      data: { clientId: input.client.clientId, requestId: row.id, reason },
    });
    return refuse('The authorization code is invalid');
  };
  if (row.clientId !== input.client.clientId) throw await failed('client');
  if (row.expiresAt <= now || row.revokedAt) throw await failed('expired');
  if (row.redirectUri !== input.redirectUri) throw await failed('redirect_uri');
  const challenge = createHash('sha256').update(input.codeVerifier).digest('base64url');
  if (!sameSecret(challenge, row.codeChallenge)) throw await failed('code_verifier');
  const subject = await loadTokenSubject(config.db, row.userId);
  if (!subject) throw refuse('The account no longer exists');
  const key = await config.keys.signingKey();
  const ttl = config.accessTokenTtlSeconds;
  const accessToken = await signAccessToken(key, subject, row.approvedAt ?? now, now, ttl, {
    client_id: input.client.clientId,
    scope: row.scope,
    jti: row.id,
  });
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const idToken = signJwt(key, 'JWT', {
    iss: config.issuer,
    sub: subject.id,
    aud: input.client.clientId,
    iat: nowSeconds,
    exp: nowSeconds + ttl,
    auth_time: Math.floor((row.approvedAt ?? now).getTime() / 1000),
    ...(row.nonce ? { nonce: row.nonce } : {}),
    partner_member_id: row.partnerMemberId,
  });
  await auditIdentity(config.db, {
    userId: row.userId,
    action: 'oauth.token-issued',
    ip: input.ip,
    data: { clientId: input.client.clientId, requestId: row.id },
  });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ttl,
    id_token: idToken,
    scope: row.scope,
  };
}

/**
 * GET /connect/userinfo (OpenID Connect Core §5.3) for a partner client's access token: its signature, its client
 * still registered, and its grant (`jti`) neither revoked (the member unlinked, the code was replayed) nor unknown.
 * Answers the claims its scope allows. Null when the token is not acceptable.
 */
export async function partnerUserInfo(
  config: ResolvedIdentityConfig,
  token: string,
): Promise<Record<string, string> | null> {
  const keyOf: JWTVerifyGetKey = async (header) => {
    const jwk = await config.keys.verificationKey(header.kid);
    if (!jwk) throw new Error('unknown signing key');
    return importJWK(jwk, 'EdDSA');
  };
  try {
    const { payload } = await jwtVerify(token, keyOf, { algorithms: ['EdDSA'], currentDate: config.now() });
    const clientId = payload['client_id'];
    if (typeof clientId !== 'string' || !partnerClient(config, clientId) || !payload.jti || !payload.sub) {
      return null;
    }
    const [grant] = await config.db
      .select({ revokedAt: identityAuthorizationRequests.revokedAt })
      .from(identityAuthorizationRequests)
      .where(eq(identityAuthorizationRequests.id, payload.jti));
    if (!grant || grant.revokedAt) return null;
    const subject = await loadTokenSubject(config.db, payload.sub);
    if (!subject) return null;
    const scopes = String(payload['scope'] ?? '').split(' ');
    return {
      sub: subject.id,
      ...(scopes.includes('profile')
        ? {
            name: `${subject.firstName} ${subject.lastName}`,
            given_name: subject.firstName,
            family_name: subject.lastName,
          }
        : {}),
      ...(scopes.includes('email') ? { email: subject.email } : {}),
    };
  } catch {
    return null;
  }
}

/** The error of a missing, malformed or refused partner access token at /connect/userinfo (RFC 6750 §3.1). */
export const invalidTokenChallenge = 'Bearer error="invalid_token"';
