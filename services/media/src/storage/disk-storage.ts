import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, StorageUnavailableError, type ByteRange, type ObjectStorage, type StoredObject } from './object-storage.js';

/** Objects as files in one flat folder (the embedded default: ./data/media). */
export function createDiskStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return join(root, key);
  };

  const ensureReady = async () => {
    try {
      await mkdir(root, { recursive: true });
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  };

  return {
    kind: 'disk',
    ensureReady,
    async check() {
      try {
        const info = await stat(root);
        if (!info.isDirectory()) throw new Error('media folder is not a directory');
      } catch (err) {
        throw new StorageUnavailableError(err);
      }
    },
    async put(key, data) {
      const file = fileOf(key);
      // Write then rename, so a reader never sees half a file and a crash leaves only a temp file.
      const temp = join(root, `.tmp-${randomBytes(8).toString('hex')}`);
      try {
        await writeFile(temp, data);
        await rename(temp, file);
      } catch (err) {
        await unlink(temp).catch(() => undefined);
        throw new StorageUnavailableError(err);
      }
    },
    async stat(key): Promise<StoredObject | undefined> {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { size: info.size, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, lastModified: info.mtime };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new StorageUnavailableError(err);
      }
    },
    async read(key, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key);
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (err) => reject(new StorageUnavailableError(err)));
      });
      return stream;
    },
    async list(prefix = '') {
      try {
        const names = await readdir(root);
        return names.filter((name) => !name.startsWith('.') && name.startsWith(prefix)).sort();
      } catch (err) {
        throw new StorageUnavailableError(err);
      }
    },
  };
}
