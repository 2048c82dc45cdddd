import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live (ARCHITECTURE §2 Files): local disk by default, an S3-compatible bucket later. Keys are
 * always ours ({@link newStorageKey}), never a name a user chose; rows in stored_files say what each key holds.
 */
export interface Storage {
  /** Which driver runs, for logs and system info. */
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  /** Removes the bytes; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

/** The shape of every key we hand out: a two-character fan-out folder, then a random uuid. */
export const storageKeyPattern =
  /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh random key: what a stored file is called in storage, whatever its original name was. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

/** Refuses anything that is not one of our keys, so no caller can make a driver touch a path of its choosing. */
export function assertStorageKey(key: string): void {
  if (!storageKeyPattern.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
