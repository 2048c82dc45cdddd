import { and, desc, gt, isNull, lt, or } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { IdentityDatabase } from './db/database.ts';
import { identitySigningKeys } from './db/schema.ts';
import { decryptPrivateKey, encryptPrivateKey, type KeyEncryptionKey } from './key-encryption.ts';

/** The identity service's signing key: the private half signs access tokens, the public half is published as JWKS. */
export type SigningKey = { kid: string; alg: 'EdDSA'; privateKey: CryptoKey; publicJwk: JWK };

/** Makes a new Ed25519 key with a random key id. */
export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = crypto.randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return { kid, alg: 'EdDSA', privateKey, publicJwk };
}

type KeyRow = typeof identitySigningKeys.$inferSelect;

/** Retired keys are deleted a day after retiring: longer than any access token lives (ACCESS_TOKEN_TTL ≤ 1 h). */
const deleteRetiredAfterMs = 86_400_000;

/**
 * Inserts one key generation with its private half sealed; the unique generation lets exactly one of several
 * instances doing this at once win. Returns the new key id, or null when another instance took the generation.
 */
async function insertGeneration(
  db: IdentityDatabase,
  kek: KeyEncryptionKey,
  generation: number,
  activatesAt: Date,
): Promise<string | null> {
  const key = await createSigningKey();
  const privateJwk = JSON.stringify(await exportJWK(key.privateKey));
  const inserted = await db
    .insert(identitySigningKeys)
    .values({
      kid: key.kid,
      generation,
      alg: key.alg,
      publicJwk: key.publicJwk,
      encryptedPrivateKey: encryptPrivateKey(kek, key.kid, privateJwk),
      activatesAt,
    })
    .onConflictDoNothing({ target: identitySigningKeys.generation })
    .returning({ kid: identitySigningKeys.kid });
  return inserted[0]?.kid ?? null;
}

/** Creates the first signing key on an empty table; instances starting together agree on one (ADR 019). */
export async function ensureSigningKey(
  db: IdentityDatabase,
  kek: KeyEncryptionKey,
  now: Date,
): Promise<void> {
  const [existing] = await db.select({ kid: identitySigningKeys.kid }).from(identitySigningKeys).limit(1);
  if (!existing) await insertGeneration(db, kek, 1, now);
}

/**
 * Rotates the signing key (`npm run keys:rotate`): the new key is published at once and signs from `activatesAt`
 * on, so every instance and every cached JWKS knows it before a token carries it; the keys before it retire then
 * and stay published until their tokens have expired. Keys retired over a day ago are deleted.
 */
export async function rotateSigningKey(
  db: IdentityDatabase,
  kek: KeyEncryptionKey,
  opts: { now: Date; activateInSeconds: number },
): Promise<{ kid: string; activatesAt: Date }> {
  const activatesAt = new Date(opts.now.getTime() + opts.activateInSeconds * 1000);
  for (;;) {
    const [latest] = await db
      .select({ generation: identitySigningKeys.generation })
      .from(identitySigningKeys)
      .orderBy(desc(identitySigningKeys.generation))
      .limit(1);
    const generation = (latest?.generation ?? 0) + 1;
    const kid = await insertGeneration(db, kek, generation, activatesAt);
    // Lost the generation to a concurrent rotation: rotate past it.
    if (!kid) continue;
    await db
      .update(identitySigningKeys)
      .set({ retiredAt: activatesAt })
      .where(and(isNull(identitySigningKeys.retiredAt), lt(identitySigningKeys.generation, generation)));
    await db
      .delete(identitySigningKeys)
      .where(lt(identitySigningKeys.retiredAt, new Date(opts.now.getTime() - deleteRetiredAfterMs)));
    return { kid, activatesAt };
  }
}

/**
 * The keys one instance signs and verifies with, read from the shared table: the newest active key signs; the JWKS
 * holds every key whose tokens may still be valid (not retired, or retired less than an access-token lifetime ago).
 */
export type SigningKeyRing = {
  signingKey: () => Promise<SigningKey>;
  jwks: () => Promise<{ keys: JWK[] }>;
  /** The public key for a token's kid; an unknown kid re-reads the table (at most once a second). */
  verificationKey: (kid: string | undefined) => Promise<JWK | undefined>;
};

/** How a ring reads the shared table: the key-encryption key, token lifetime, clock and cache time. */
export type SigningKeyRingOptions = {
  kek: KeyEncryptionKey;
  accessTokenTtlSeconds: number;
  now?: () => Date;
  /** How long an instance trusts its copy of the table; rotation publishes keys well ahead of this. */
  cacheSeconds?: number;
};

/**
 * Opens the ring over the shared table, creating the first key on an empty database, and decrypts the current key
 * at once so a wrong IDENTITY_KEY_ENCRYPTION_KEY stops the start instead of the first sign-in.
 */
export async function openSigningKeyRing(
  db: IdentityDatabase,
  options: SigningKeyRingOptions,
): Promise<SigningKeyRing> {
  const now = options.now ?? (() => new Date());
  const cacheMs = (options.cacheSeconds ?? 60) * 1000;
  const ttlMs = options.accessTokenTtlSeconds * 1000;
  const privateKeys = new Map<string, Promise<CryptoKey>>();
  let rows: KeyRow[] = [];
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  const read = async () => {
    const at = now();
    const since = new Date(at.getTime() - ttlMs);
    const published = () =>
      db
        .select()
        .from(identitySigningKeys)
        .where(or(isNull(identitySigningKeys.retiredAt), gt(identitySigningKeys.retiredAt, since)))
        .orderBy(desc(identitySigningKeys.generation));
    let found = await published();
    if (found.length === 0) {
      await ensureSigningKey(db, options.kek, at);
      found = await published();
    }
    rows = found;
    loadedAt = at.getTime();
  };
  const reload = () => {
    loading ??= read().finally(() => {
      loading = null;
    });
    return loading;
  };
  const current = async () => {
    if (now().getTime() - loadedAt >= cacheMs) await reload();
    const at = now().getTime();
    return rows.filter((row) => row.retiredAt === null || row.retiredAt.getTime() + ttlMs > at);
  };
  const privateKeyOf = (row: KeyRow) => {
    let key = privateKeys.get(row.kid);
    if (!key) {
      const jwk = JSON.parse(decryptPrivateKey(options.kek, row.kid, row.encryptedPrivateKey)) as JWK;
      // Extractable so signing can hand it to node:crypto as a KeyObject (access-token.ts).
      key = importJWK(jwk, row.alg, { extractable: true }) as Promise<CryptoKey>;
      privateKeys.set(row.kid, key);
    }
    return key;
  };

  const ring: SigningKeyRing = {
    signingKey: async () => {
      const published = await current();
      // Read the clock after loading: a key created by this load activates at the load's time.
      const at = now().getTime();
      const row = published.find((r) => r.activatesAt.getTime() <= at);
      if (!row) throw new Error('no identity signing key is active yet');
      return { kid: row.kid, alg: row.alg, privateKey: await privateKeyOf(row), publicJwk: row.publicJwk };
    },
    jwks: async () => ({ keys: (await current()).map((row) => row.publicJwk) }),
    verificationKey: async (kid) => {
      const known = (await current()).find((row) => row.kid === kid);
      if (known || kid === undefined || now().getTime() - loadedAt < 1000) return known?.publicJwk;
      await reload();
      return (await current()).find((row) => row.kid === kid)?.publicJwk;
    },
  };
  await ring.signingKey();
  return ring;
}
