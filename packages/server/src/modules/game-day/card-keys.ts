import { eq } from 'drizzle-orm';
import {
  decodeJwt,
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import type { Executor } from '../../db/client.ts';
import { gameDayKeys } from '../../db/schema/index.ts';

/** Who issues cards: the token's iss, and its typ. */
export const cardIssuer = 'touchline:game-day';
const cardType = 'touchline-card+jwt';

type OrgKey = { kid: string; publicJwk: JWK; privateJwk: JWK };

/** The organization's card key (ADR 044): an Ed25519 pair made on first use, one per organization. */
export async function organizationKey(db: Executor, organizationId: string): Promise<OrgKey> {
  const [found] = await db.select().from(gameDayKeys).where(eq(gameDayKeys.organizationId, organizationId));
  if (found)
    return { kid: found.kid, publicJwk: found.publicJwk as JWK, privateJwk: found.privateJwk as JWK };
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = crypto.randomUUID();
  await db
    .insert(gameDayKeys)
    .values({
      organizationId,
      kid,
      publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'EdDSA', use: 'sig' },
      privateJwk: { ...(await exportJWK(pair.privateKey)), kid, alg: 'EdDSA' },
    })
    .onConflictDoNothing();
  return organizationKey(db, organizationId);
}

/** Signs a card token: only opaque ids (the card, the member's access, the organization), never a name. */
export async function signCard(
  key: OrgKey,
  card: { id: string; profileLevelAccessId: string; organizationId: string; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ org: card.organizationId })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: cardType })
    .setIssuer(cardIssuer)
    .setSubject(card.profileLevelAccessId)
    .setJti(card.id)
    .setIssuedAt(Math.floor(card.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(card.expiresAt.getTime() / 1000))
    .sign(await importJWK(key.privateJwk, 'EdDSA'));
}

/** What a token proved: a card of this organization (with its ids), or why it was refused. */
export type TokenCheck =
  | { ok: true; cardId: string; profileLevelAccessId: string }
  | {
      ok: false;
      refusal: 'Expired' | 'Invalid' | 'OtherOrganization';
      cardId?: string;
      profileLevelAccessId?: string;
    };

/**
 * Verifies a scanned token against the organization's public key at `now`: another organization's card (its
 * claim or key names another) is refused as such, a bad signature or shape as Invalid, a lapsed one as Expired.
 */
export async function verifyCardToken(
  db: Executor,
  organizationId: string,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  let claimedOrg: unknown;
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
    claimedOrg = decodeJwt(token).org;
  } catch {
    return { ok: false, refusal: 'Invalid' };
  }
  const key = await organizationKey(db, organizationId);
  if (claimedOrg !== organizationId)
    return { ok: false, refusal: claimedOrg ? 'OtherOrganization' : 'Invalid' };
  if (kid !== key.kid) return { ok: false, refusal: 'Invalid' };
  try {
    const { payload } = await jwtVerify(token, await importJWK(key.publicJwk, 'EdDSA'), {
      issuer: cardIssuer,
      typ: cardType,
      algorithms: ['EdDSA'],
      currentDate: now,
      requiredClaims: ['jti', 'sub', 'exp'],
    });
    return { ok: true, cardId: String(payload.jti), profileLevelAccessId: String(payload.sub) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const p = error.payload;
      return { ok: false, refusal: 'Expired', cardId: String(p.jti), profileLevelAccessId: String(p.sub) };
    }
    return { ok: false, refusal: 'Invalid' };
  }
}

/** The organization's published card keys (a JWKS of its public key). */
export async function publishedKeys(db: Executor, organizationId: string): Promise<{ keys: JWK[] }> {
  return { keys: [(await organizationKey(db, organizationId)).publicJwk] };
}
