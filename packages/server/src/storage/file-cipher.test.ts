import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { derivedFileKeyId, fileKeyringOf, openFileBytes, sealFileBytes } from './file-cipher.ts';

const key = () => randomBytes(32).toString('base64');
const plain = Buffer.from('a child’s birth certificate, as a photo');

describe('stored files sealed at rest (AES-256-GCM)', () => {
  it('seals under the current key and opens again; the sealed bytes are not the plain ones', () => {
    const ring = fileKeyringOf(`k1:${key()}`, 'unused');
    const { keyId, sealed } = sealFileBytes(ring, 'ab/key', plain);
    expect(keyId).toBe('k1');
    expect(sealed.includes(plain)).toBe(false);
    expect(sealed.length).toBe(plain.length + 12 + 16);
    expect(openFileBytes(ring, keyId, 'ab/key', sealed)).toEqual(plain);
    // A fresh IV each time: the same file never seals to the same bytes.
    expect(sealFileBytes(ring, 'ab/key', plain).sealed.equals(sealed)).toBe(false);
  });

  it('rotation: a new key listed first seals, the old one still opens what it sealed', () => {
    const old = key();
    const before = fileKeyringOf(`k1:${old}`, 'unused');
    const { sealed } = sealFileBytes(before, 'ab/key', plain);
    const after = fileKeyringOf(`k2:${key()},k1:${old}`, 'unused');
    expect(sealFileBytes(after, 'ab/key', plain).keyId).toBe('k2');
    expect(openFileBytes(after, 'k1', 'ab/key', sealed)).toEqual(plain);
    expect(() => openFileBytes(fileKeyringOf(`k2:${key()}`, 'unused'), 'k1', 'ab/key', sealed)).toThrow(
      /not in the keyring/,
    );
  });

  it('altered bytes, bytes moved to another storage key, or a wrong key do not open', () => {
    const ring = fileKeyringOf(undefined, 'a deployment secret of thirty-two characters');
    const { keyId, sealed } = sealFileBytes(ring, 'ab/key', plain);
    expect(keyId).toBe(derivedFileKeyId);
    const altered = Buffer.from(sealed);
    altered[20] = altered[20]! ^ 1;
    expect(() => openFileBytes(ring, keyId, 'ab/key', altered)).toThrow();
    expect(() => openFileBytes(ring, keyId, 'cd/other', sealed)).toThrow();
    const other = fileKeyringOf(undefined, 'another deployment secret of 32 chars');
    expect(() => openFileBytes(other, keyId, 'ab/key', sealed)).toThrow();
    expect(() => openFileBytes(ring, keyId, 'ab/key', sealed.subarray(0, 10))).toThrow(/truncated/);
  });

  it('FILE_ENCRYPTION_KEYS: a malformed list is a configuration error, a good one is the keyring', () => {
    for (const bad of ['k1', 'k1:short', `k1:${key()},k1:${key()}`, `bad id:${key()}`])
      expect(() => loadConfig({ FILE_ENCRYPTION_KEYS: bad })).toThrow(ConfigError);
    const config = loadConfig({ FILE_ENCRYPTION_KEYS: `new:${key()},old:${key()}` });
    expect(config.fileKeys.currentId).toBe('new');
    expect([...config.fileKeys.keys.keys()]).toEqual(['new', 'old']);
    expect(loadConfig({}).fileKeys.currentId).toBe(derivedFileKeyId);
  });
});
