import { eq } from 'drizzle-orm';
import {
  decodeJwt,
  decodeProtectedHeader,
  errors,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import type { webcrypto } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { gameDayKeys } from '../../db/schema/index.ts';

/** Who issues cards: the token's iss, and its typ. */
export const cardIssuer = 'touchline:game-day';
const cardType = 'touchline-card+jwt';

/** Seals and opens a private key at rest (the partners' sealing, ADR 041: AES-256-GCM bound to an id). */
type Sealer = Pick<NonNullable<Deps['integrations']['partners']>, 'seal' | 'open'>;
type KeyDeps = { db: Executor; integrations: Pick<Deps['integrations'], 'partners'> };

type OrgKey = { kid: string; publicJwk: JWK; signingKey: () => Promise<webcrypto.CryptoKey> };

/** The id the sealed key is bound to: a sealed value copied to another organization's row does not open. */
const sealedFor = (organizationId: string) => `game-day-card-key:${organizationId}`;

function sealer(deps: KeyDeps): Sealer {
  const partners = deps.integrations.partners;
  if (!partners) throw new Error('card keys cannot be sealed: no sealing secret is configured');
  return partners;
}

async function sealedPem(deps: KeyDeps, organizationId: string, privateKey: webcrypto.CryptoKey) {
  return sealer(deps).seal(sealedFor(organizationId), { privateKeyPem: await exportPKCS8(privateKey) });
}

/**
 * The organization's card key (ADR 044): an Ed25519 pair made on first use, one per organization. The private half
 * is sealed at rest (PKCS#8 PEM, sealed like the partners' credentials) and opened only to sign; a key stored before
 * sealing (a JWK in the row) is sealed the first time it is read, and the clear copy removed.
 */
export async function organizationKey(deps: KeyDeps, organizationId: string): Promise<OrgKey> {
  const db = deps.db;
  const [found] = await db.select().from(gameDayKeys).where(eq(gameDayKeys.organizationId, organizationId));
  if (found?.privateJwk && !found.sealedPrivateKey) {
    const legacy = (await importJWK(found.privateJwk as JWK, 'EdDSA', {
      extractable: true,
    })) as webcrypto.CryptoKey;
    await db
      .update(gameDayKeys)
      .set({ sealedPrivateKey: await sealedPem(deps, organizationId, legacy), privateJwk: null })
      .where(eq(gameDayKeys.organizationId, organizationId));
    return organizationKey(deps, organizationId);
  }
  if (found?.sealedPrivateKey) {
    const sealed = found.sealedPrivateKey;
    return {
      kid: found.kid,
      publicJwk: found.publicJwk as JWK,
      signingKey: async () => {
        const pem = sealer(deps).open(sealedFor(organizationId), sealed)?.privateKeyPem;
        if (!pem) throw new Error('the card key does not open with this sealing secret');
        return importPKCS8(pem, 'EdDSA');
      },
    };
  }
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = crypto.randomUUID();
  await db
    .insert(gameDayKeys)
    .values({
      organizationId,
      kid,
      publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'EdDSA', use: 'sig' },
      sealedPrivateKey: await sealedPem(deps, organizationId, pair.privateKey),
    })
    .onConflictDoNothing();
  return organizationKey(deps, organizationId);
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
    .sign(await key.signingKey());
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
  deps: KeyDeps,
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
  const key = await organizationKey(deps, organizationId);
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
export async function publishedKeys(deps: KeyDeps, organizationId: string): Promise<{ keys: JWK[] }> {
  return { keys: [(await organizationKey(deps, organizationId)).publicJwk] };
}
