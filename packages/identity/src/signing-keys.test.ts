import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, testKeyEncryptionSecret } from '../test/harness.ts';
import { runIdentityMigrations, type IdentityDatabase } from './db/database.ts';
import { identitySigningKeys } from './db/schema.ts';
import { decryptPrivateKey, encryptPrivateKey, keyEncryptionKeyFrom } from './key-encryption.ts';
import { openSigningKeyRing, rotateSigningKey, type SigningKeyRingOptions } from './signing-keys.ts';

const kek = keyEncryptionKeyFrom(testKeyEncryptionSecret);

describe('shared signing keys (ADR 019)', () => {
  let db: IdentityDatabase;
  let close: () => Promise<void>;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const options: SigningKeyRingOptions = { kek, accessTokenTtlSeconds: 600, now };
  beforeEach(async () => {
    ({ db, close } = await openDatabase());
    await runIdentityMigrations(db);
    offsetMs = 0;
  });
  afterEach(() => close());

  it('instances starting together on an empty database agree on one key', async () => {
    const rings = await Promise.all(Array.from({ length: 5 }, () => openSigningKeyRing(db, options)));
    const kids = await Promise.all(rings.map(async (ring) => (await ring.signingKey()).kid));
    expect(new Set(kids).size).toBe(1);
    expect(await db.select().from(identitySigningKeys)).toHaveLength(1);
  });

  it('keeps the private key encrypted at rest, and refuses a different key-encryption key clearly', async () => {
    const ring = await openSigningKeyRing(db, options);
    const { kid } = await ring.signingKey();
    const [row] = await db.select().from(identitySigningKeys);
    const sealed = row?.encryptedPrivateKey ?? '';
    const privateJwk = JSON.parse(decryptPrivateKey(kek, kid, sealed)) as { d: string };
    expect(privateJwk.d.length).toBeGreaterThan(20);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(privateJwk.d);
    const other = keyEncryptionKeyFrom('another-key-encryption-secret-0123456789');
    await expect(openSigningKeyRing(db, { ...options, kek: other })).rejects.toThrow(
      /same IDENTITY_KEY_ENCRYPTION_KEY/,
    );
  });

  it('rotates: the new key is published at once and signs once active; the old one stays until its tokens expire', async () => {
    const ring = await openSigningKeyRing(db, { ...options, cacheSeconds: 60 });
    const first = (await ring.signingKey()).kid;
    const { kid: second } = await rotateSigningKey(db, kek, { now: now(), activateInSeconds: 300 });
    offsetMs += 61_000;
    expect((await ring.jwks()).keys.map((k) => k.kid)).toEqual([second, first]);
    expect((await ring.signingKey()).kid).toBe(first);
    offsetMs += 240_000;
    expect((await ring.signingKey()).kid).toBe(second);
    expect(await ring.verificationKey(first)).toBeDefined();
    offsetMs += 601_000;
    expect((await ring.jwks()).keys.map((k) => k.kid)).toEqual([second]);
    expect(await ring.verificationKey(first)).toBeUndefined();
  });

  it('learns a key another instance just created when a token names it', async () => {
    const ring = await openSigningKeyRing(db, { ...options, cacheSeconds: 3600 });
    offsetMs += 2000;
    const { kid } = await rotateSigningKey(db, kek, { now: now(), activateInSeconds: 0 });
    expect(await ring.verificationKey(kid)).toMatchObject({ kid, kty: 'OKP' });
  });

  it('concurrent rotations each add their own generation', async () => {
    await openSigningKeyRing(db, options);
    await Promise.all([1, 2, 3].map(() => rotateSigningKey(db, kek, { now: now(), activateInSeconds: 0 })));
    const rows = await db.select().from(identitySigningKeys);
    expect(rows.map((r) => r.generation).sort()).toEqual([1, 2, 3, 4]);
    expect(rows.filter((r) => r.retiredAt === null)).toHaveLength(1);
  });
});

describe('private key encryption', () => {
  it('binds the sealed key to its key id and detects tampering', () => {
    const sealed = encryptPrivateKey(kek, 'kid-1', '{"d":"secret"}');
    expect(decryptPrivateKey(kek, 'kid-1', sealed)).toBe('{"d":"secret"}');
    expect(() => decryptPrivateKey(kek, 'kid-2', sealed)).toThrow(/kid-2/);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => decryptPrivateKey(kek, 'kid-1', tampered)).toThrow();
  });
});
