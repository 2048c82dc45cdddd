import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The keys that seal stored files at rest (ADR 039): the current one seals new files, every listed one opens the
 * files sealed under it, so a key is rotated by listing a new one first and keeping the old one until no file
 * names it. Ids are short names stored with each file (`stored_files.encryption_key_id`).
 */
export type FileKeyring = { currentId: string; keys: ReadonlyMap<string, Buffer> };

/** The id of the key derived from the deployment secret when FILE_ENCRYPTION_KEYS is unset. */
export const derivedFileKeyId = 'derived-1';

const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The keyring from FILE_ENCRYPTION_KEYS (`id:base64-of-32-bytes` pairs separated by commas, the first sealing),
 * else one key derived by HKDF from the deployment's secret (IDENTITY_KEY_ENCRYPTION_KEY, else SESSION_PASSWORD,
 * as partners' credentials are sealed). Throws on a malformed list, so a deployment never starts half-keyed.
 */
export function fileKeyringOf(spec: string | undefined, fallbackSecret: string): FileKeyring {
  if (!spec?.trim())
    return {
      currentId: derivedFileKeyId,
      keys: new Map([
        [
          derivedFileKeyId,
          Buffer.from(hkdfSync('sha256', fallbackSecret, 'touchline', 'stored files v1', 32)),
        ],
      ]),
    };
  const keys = new Map<string, Buffer>();
  for (const entry of spec.split(',')) {
    const [id, encoded, extra] = entry.trim().split(':');
    const key = encoded ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
    if (!id || !keyIdPattern.test(id) || extra !== undefined || key.length !== 32 || keys.has(id))
      throw new Error(
        'FILE_ENCRYPTION_KEYS must list id:key pairs separated by commas, each key 32 bytes in base64, ids unique',
      );
    keys.set(id, key);
  }
  return { currentId: [...keys.keys()][0]!, keys };
}

const ivBytes = 12;
const tagBytes = 16;

/**
 * Seals file bytes with AES-256-GCM under the current key: `iv | ciphertext | tag`, the storage key as associated
 * data, so sealed bytes copied under another key do not open. Answers the key id to store with the file.
 */
export function sealFileBytes(
  keyring: FileKeyring,
  storageKey: string,
  plain: Buffer,
): { keyId: string; sealed: Buffer } {
  const key = keyring.keys.get(keyring.currentId);
  if (!key) throw new Error('the current file key is not in the keyring');
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(storageKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { keyId: keyring.currentId, sealed: Buffer.concat([iv, body, cipher.getAuthTag()]) };
}

/** Opens sealed file bytes; throws when the key is unknown or the bytes were altered or moved. */
export function openFileBytes(
  keyring: FileKeyring,
  keyId: string,
  storageKey: string,
  sealed: Buffer,
): Buffer {
  const key = keyring.keys.get(keyId);
  if (!key) throw new Error(`the file key ${keyId} is not in the keyring`);
  if (sealed.length < ivBytes + tagBytes) throw new Error('the sealed file is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(storageKey));
  decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
  return Buffer.concat([
    decipher.update(sealed.subarray(ivBytes, sealed.length - tagBytes)),
    decipher.final(),
  ]);
}
