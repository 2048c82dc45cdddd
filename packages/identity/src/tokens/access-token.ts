import { KeyObject, sign } from 'node:crypto';
import { AccessTokenClaim } from '@touchline/contracts/roles';
import type { SigningKey } from '../signing-keys.ts';

/** What an access token says about its user; read from the identity tables at issue time. */
export type TokenSubject = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  tabs: string[];
  currentProfileId: string | null;
  termsAcceptedAt: Date | null;
  privacyAcceptedAt: Date | null;
};

/**
 * Signs an access token carrying exactly the claims of spec §3. User/Role is one value when the user has one
 * role and a list otherwise; the two acceptance claims are present only once accepted (the Updated Policies modal
 * shows when the token lacks them).
 */
export async function signAccessToken(
  key: SigningKey,
  user: TokenSubject,
  authTime: Date,
  now: Date,
  ttlSeconds: number,
  /** Claims of a partner client's token (client_id, scope, jti: RFC 9068); none for the first-party web client. */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claims: Record<string, unknown> = {
    [AccessTokenClaim.AuthTime]: Math.floor(authTime.getTime() / 1000),
    [AccessTokenClaim.Role]: user.roles.length === 1 ? user.roles[0] : user.roles,
    [AccessTokenClaim.Tabs]: user.tabs,
    [AccessTokenClaim.UserName]: user.email,
    [AccessTokenClaim.FirstName]: user.firstName,
    [AccessTokenClaim.LastName]: user.lastName,
    [AccessTokenClaim.Email]: user.email,
    [AccessTokenClaim.CurrentProfileId]: user.currentProfileId,
  };
  if (user.privacyAcceptedAt) claims[AccessTokenClaim.PrivacyAccepted] = user.privacyAcceptedAt.toISOString();
  if (user.termsAcceptedAt) claims[AccessTokenClaim.TermsAccepted] = user.termsAcceptedAt.toISOString();
  return signJwt(key, 'at+jwt', { ...claims, ...extra, sub: user.id, exp: nowSeconds + ttlSeconds });
}

/** Signs a JWT with the ring's current key (access tokens, and the ID tokens of partner clients). */
export function signJwt(key: SigningKey, typ: string, payload: Record<string, unknown>): string {
  const header = { alg: key.alg, kid: key.kid, typ };
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  // Node's synchronous Ed25519 signing: WebCrypto's async sign would queue behind password hashes on the
  // libuv thread pool, which is what sign-in spends its time on.
  const signature = sign(null, Buffer.from(signingInput), privateKeyObject(key));
  return `${signingInput}.${signature.toString('base64url')}`;
}

const keyObjects = new WeakMap<SigningKey['privateKey'], KeyObject>();

function privateKeyObject(key: SigningKey): KeyObject {
  let keyObject = keyObjects.get(key.privateKey);
  if (!keyObject) {
    keyObject = KeyObject.from(key.privateKey);
    keyObjects.set(key.privateKey, keyObject);
  }
  return keyObject;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
