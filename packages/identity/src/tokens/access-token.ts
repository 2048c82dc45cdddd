import { SignJWT } from 'jose';
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
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
    .setSubject(user.id)
    .setExpirationTime(nowSeconds + ttlSeconds)
    .sign(key.privateKey);
}
