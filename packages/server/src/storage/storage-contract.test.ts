import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk-storage.ts';
import { s3Storage } from './s3-storage.ts';
import { newStorageKey, type Storage } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-storage-contract-'));
const bucket = 'touchline-test';
let server: S3rver | undefined;
let endpoint = '';

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ['local disk', () => localDiskStorage(path.join(root, 'files'))],
  [
    's3 (s3rver)',
    () =>
      s3Storage({
        bucket,
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

describe.each(drivers)('the %s storage driver', (_name, make) => {
  it('stores, reads back and deletes bytes by key; a missing key reads as null', async () => {
    const storage = make();
    const key = newStorageKey();
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 7)]);
    await storage.put(key, bytes, 'application/pdf');
    const stream = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('keeps two keys apart and overwrites a key in place', async () => {
    const storage = make();
    const [a, b] = [newStorageKey(), newStorageKey()];
    await storage.put(a, Buffer.from('first'), 'text/plain');
    await storage.put(b, Buffer.from('second'), 'text/plain');
    const read = async (key: string) => {
      const stream = await storage.get(key);
      return stream ? text(stream) : null;
    };
    expect(await read(a)).toBe('first');
    expect(await read(b)).toBe('second');
    await Promise.all([storage.delete(a), storage.delete(b)]);
  });

  it('refuses every key that is not ours, so no user path reaches the disk or the bucket', async () => {
    const storage = make();
    for (const bad of ['../../etc/passwd', '/etc/passwd', 'ab/../../x', 'report.pdf']) {
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a storage key/);
      await expect(storage.get(bad)).rejects.toThrow(/not a storage key/);
      await expect(storage.delete(bad)).rejects.toThrow(/not a storage key/);
    }
    expect(fs.existsSync(path.join(root, 'etc'))).toBe(false);
  });
});
