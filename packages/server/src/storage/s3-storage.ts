import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage } from './storage.ts';

/** Where an S3-compatible bucket is and how to sign in to it (config S3_*). */
export type S3StorageOptions = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/**
 * Files in an S3-compatible bucket, under the same random keys as the local driver. Checksums are computed only
 * when the service requires them, because the SDK default corrupts streamed uploads on non-AWS endpoints
 * (STACK.md, s3rver); path-style addressing is configurable for the same reason.
 */
export function s3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: opts.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key, range) {
      assertStorageKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: opts.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
  };
}
