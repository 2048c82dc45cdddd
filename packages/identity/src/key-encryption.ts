import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The AES-256 key that seals the signing keys' private halves at rest, derived from the configured secret. */
export type KeyEncryptionKey = { key: Buffer };

/** Thrown when a stored private key does not open with the configured key-encryption key. */
export class KeyEncryptionError extends Error {
  constructor(kid: string) {
    super(
      `The signing key ${kid} does not decrypt with this IDENTITY_KEY_ENCRYPTION_KEY: every instance on one ` +
        'database must be given the same IDENTITY_KEY_ENCRYPTION_KEY',
    );
    this.name = 'KeyEncryptionError';
  }
}

/**
 * Derives the AES-256-GCM key from the configured secret (32+ characters) with HKDF-SHA256, so any long random
 * string works as IDENTITY_KEY_ENCRYPTION_KEY and the same secret never doubles as another key.
 */
export function keyEncryptionKeyFrom(secret: string): KeyEncryptionKey {
  if (secret.length < 32) throw new Error('the key-encryption key must be at least 32 characters');
  const key = hkdfSync('sha256', secret, 'touchline', 'identity signing keys v1', 32);
  return { key: Buffer.from(key) };
}

/**
 * Reads the development key-encryption secret kept under `dir`, creating 48 random characters (mode 0600) on
 * first start, as the session password is; production sets IDENTITY_KEY_ENCRYPTION_KEY instead.
 */
export function loadOrCreateKeyEncryptionSecret(dir: string): string {
  const file = path.join(dir, 'key-encryption-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dir, { recursive: true });
  const secret = randomBytes(36).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Seals a private key: `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to its key id as associated data. */
export function encryptPrivateKey(kek: KeyEncryptionKey, kid: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek.key, iv);
  cipher.setAAD(Buffer.from(kid));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/** Opens a sealed private key; a wrong key-encryption key, another row's key id or a tampered value throws. */
export function decryptPrivateKey(kek: KeyEncryptionKey, kid: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new KeyEncryptionError(kid);
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new KeyEncryptionError(kid);
  }
}
