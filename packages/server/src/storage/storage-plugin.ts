import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFileLinkSigner, type FileLinkSigner } from './file-links.ts';
import { localDiskStorage } from './local-disk-storage.ts';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The file storage every module writes uploads to. */
    storage: Storage;
    /** Signs and checks the expiring download links of stored files. */
    fileLinks: FileLinkSigner;
  }
}

/** What the storage plugin needs from the configuration. */
export type StorageOptions = { dataDir: string; linkSecret: string | undefined; storage?: Storage };

/**
 * Decorates the app with the file storage (local disk under DATA_DIR/files unless a driver is given; an S3 driver
 * plugs in here) and the download-link signer, keyed from the server secret.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: StorageOptions) => {
    const { linkSecret } = opts;
    app.decorate('storage', opts.storage ?? localDiskStorage(path.join(opts.dataDir, 'files')));
    app.decorate(
      'fileLinks',
      linkSecret
        ? createFileLinkSigner(linkSecret)
        : {
            sign: () => {
              throw new Error('file links need the session password; resolve it before buildApp');
            },
            verify: () => 'forged' as const,
          },
    );
  },
  { name: 'storage' },
);
