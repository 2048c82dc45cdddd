import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { AccessTokenClaim, migrateLegacyRoles, normalizeRoleClaim } from '@touchline/contracts/roles';
import type { AccessTokenVerifier, Actor } from './authenticate.ts';

/** Where the verifier finds the identity service's public keys: a JWKS document in hand, or its URL. */
export type KeySource = { jwks: JSONWebKeySet } | { jwksUrl: string };

/**
 * Verifies access tokens from the identity service's JWKS alone (ARCHITECTURE §1: the server knows identity only
 * through tokens and JWKS) and builds the actor: legacy role names are read as their current ones (spec §4).
 */
export function createAccessTokenVerifier(source: KeySource): AccessTokenVerifier {
  const keys =
    'jwks' in source ? createLocalJWKSet(source.jwks) : createRemoteJWKSet(new URL(source.jwksUrl));
  return async (token: string): Promise<Actor> => {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['EdDSA'],
      requiredClaims: ['sub', 'exp'],
    });
    const profileId = payload[AccessTokenClaim.CurrentProfileId];
    return {
      userId: payload.sub ?? '',
      profileId: typeof profileId === 'string' && profileId !== '' ? profileId : null,
      roles: migrateLegacyRoles(normalizeRoleClaim(payload[AccessTokenClaim.Role])),
      claims: payload,
    };
  };
}
