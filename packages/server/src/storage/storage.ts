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
  /**
   * The bytes as a stream, or null when the key holds nothing; with a range, only bytes start..end (inclusive),
   * so a video can be sought without downloading it whole.
   */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the bytes; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

/** An inclusive byte range of a stored file (an HTTP Range request, resolved against the file's size). */
export type ByteRange = { start: number; end: number };

/**
 * Resolves one HTTP `Range: bytes=…` header against a file's size: null when absent or not a single byte range
 * (the whole file is sent), 'unsatisfiable' when it lies outside the file (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
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
