import {
  createLocalJWKSet,
  createRemoteJWKSet,
  importJWK,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { AccessTokenClaim, migrateLegacyRoles, normalizeRoleClaim } from '@touchline/contracts/roles';
import type { AccessTokenVerifier, Actor } from './authenticate.ts';

/**
 * Where the verifier finds the identity service's public keys: a JWKS document in hand, its URL, or (identity
 * mounted in process) a lookup by key id in the shared signing-key table (ADR 019).
 */
export type KeySource =
  | { jwks: JSONWebKeySet }
  | { jwksUrl: string }
  | { keyById: (kid: string | undefined) => Promise<JWK | undefined> };

function keyResolver(source: KeySource): JWTVerifyGetKey {
  if ('jwks' in source) return createLocalJWKSet(source.jwks);
  if ('jwksUrl' in source) return createRemoteJWKSet(new URL(source.jwksUrl));
  const lookup = source.keyById;
  return async (header) => {
    const jwk = await lookup(header.kid);
    if (!jwk) throw new Error('the token names no published signing key');
    return importJWK(jwk, 'EdDSA');
  };
}

/**
 * Verifies access tokens from the identity service's JWKS alone (ARCHITECTURE §1: the server knows identity only
 * through tokens and JWKS) and builds the actor: legacy role names are read as their current ones (spec §4).
 */
export function createAccessTokenVerifier(source: KeySource): AccessTokenVerifier {
  const keys = keyResolver(source);
  return async (token: string): Promise<Actor> => {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['EdDSA'],
      requiredClaims: ['sub', 'exp'],
    });
    // A partner client's token (authorization code grant, ADR 041) is bound to that client and its userinfo call:
    // the product API serves the first-party web client only.
    if (payload['client_id'] !== undefined) throw new Error('a partner client token is not accepted here');
    const profileId = payload[AccessTokenClaim.CurrentProfileId];
    return {
      userId: payload.sub ?? '',
      profileId: typeof profileId === 'string' && profileId !== '' ? profileId : null,
      roles: migrateLegacyRoles(normalizeRoleClaim(payload[AccessTokenClaim.Role])),
      claims: payload,
    };
  };
}
