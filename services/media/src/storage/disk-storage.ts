import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, StorageUnavailableError, type ByteRange, type ObjectStorage, type StoredObject } from './object-storage.js';

/** Objects as files in one flat folder (the embedded default: ./data/media). */
export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk';

  constructor(private readonly root: string) {}

  async ensureReady(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  }

  async check(): Promise<void> {
    try {
      const info = await stat(this.root);
      if (!info.isDirectory()) throw new Error('media folder is not a directory');
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileOf(key);
    // Write then rename, so a reader never sees half a file and a crash leaves only a temp file.
    const temp = join(this.root, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw new StorageUnavailableError(err);
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const file = this.fileOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return { size: info.size, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, lastModified: info.mtime };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new StorageUnavailableError(err);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.fileOf(key);
    const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (err) => reject(new StorageUnavailableError(err)));
    });
    return stream;
  }

  async list(prefix = ''): Promise<string[]> {
    try {
      const names = await readdir(this.root);
      return names.filter((name) => !name.startsWith('.') && name.startsWith(prefix)).sort();
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  }

  private fileOf(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }
}
