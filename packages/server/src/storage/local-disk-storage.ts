import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type Storage } from './storage.ts';

/**
 * Files on the local disk under `root` (DATA_DIR/files): the embedded default. Folders are created on first
 * write, so a server that never stores a file leaves no trace. Writes go to a temporary name first and are
 * renamed into place, so a reader never sees half a file.
 */
export function localDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.partial`;
      await fs.promises.writeFile(temporary, bytes, { flag: 'wx' });
      await fs.promises.rename(temporary, file);
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
