import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileLinkSigner } from './file-links.ts';
import { localDiskStorage } from './local-disk-storage.ts';
import { assertStorageKey, newStorageKey, parseByteRange, storageKeyPattern } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('storage keys', () => {
  it('are random and ours; anything path-like is refused', () => {
    const key = newStorageKey();
    expect(key).toMatch(storageKeyPattern);
    expect(newStorageKey()).not.toBe(key);
    for (const bad of ['../etc/passwd', '/etc/passwd', 'ab/../../x', `${key}/..`, 'logo.png', ''])
      expect(() => assertStorageKey(bad)).toThrow(/not a storage key/);
  });
});

describe('the local disk driver', () => {
  const storage = localDiskStorage(path.join(root, 'files'));

  it('writes, reads and deletes by key, and never writes outside its folder', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('hello'), 'text/plain');
    const stream = await storage.get(key);
    expect(stream && (await text(stream))).toBe('hello');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /not a storage key/,
    );
    expect(fs.existsSync(path.join(root, 'escape'))).toBe(false);
  });
});

describe('file links', () => {
  const claims = {
    fileId: crypto.randomUUID(),
    organizationId: crypto.randomUUID(),
    expiresAt: 2_000_000_000,
  };

  it('round-trip, fit in a URL path segment, and are refused when signed with another secret or altered', () => {
    const signer = createFileLinkSigner('a-session-password-of-at-least-32-chars');
    const token = signer.sign(claims);
    expect(token.length).toBeLessThan(100);
    expect(signer.verify(token)).toEqual(claims);
    expect(createFileLinkSigner('another-session-password-of-32-chars!').verify(token)).toBe('forged');
    const [payload, mac] = token.split('.');
    const flipped = `${payload?.slice(0, -2)}${payload?.endsWith('AA') ? 'AB' : 'AA'}.${mac}`;
    expect(signer.verify(flipped)).toBe('forged');
    expect(signer.verify(`${token}.x`)).toBe('forged');
    expect(signer.verify('')).toBe('forged');
  });
});

describe('byte ranges (video seeking)', () => {
  it('resolves the single-range forms of RFC 9110 against the size', () => {
    expect(parseByteRange(undefined, 100)).toBeNull();
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseByteRange('items=0-1', 100)).toBeNull();
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 100)).toBe('unsatisfiable');
  });

  it('reads only the range from local disk', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-range-'));
    const storage = localDiskStorage(dir);
    const key = newStorageKey();
    await storage.put(key, Buffer.from('0123456789'), 'text/plain');
    const stream = await storage.get(key, { start: 2, end: 5 });
    expect(stream && (await text(stream))).toBe('2345');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
