import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskStorage } from '../../src/storage/disk-storage.js';
import { MemoryCachedStorage } from '../../src/storage/memory-cache.js';
import { MinioStorage } from '../../src/storage/minio-storage.js';
import type { ObjectStorage } from '../../src/storage/object-storage.js';
import { downEndpoint, startTestS3, type TestS3 } from './s3-server.js';

/** One storage adapter under test: a fresh, working store and one that is down. */
export interface AdapterUnderTest {
  name: string;
  setUp(): Promise<void>;
  fresh(): Promise<ObjectStorage>;
  down(): Promise<ObjectStorage>;
  tearDown(): Promise<void>;
  /** Puts a file beside the store, where a path traversal would land. */
  plantOutside?(name: string, content: string): Promise<void>;
}

export function diskAdapter(): AdapterUnderTest {
  let dir = '';
  let count = 0;
  return {
    name: 'disk',
    async setUp() {
      dir = await mkdtemp(join(tmpdir(), 'coinmag-media-'));
    },
    async fresh() {
      const storage = new DiskStorage(join(dir, `store-${++count}`));
      await storage.ensureReady();
      return storage;
    },
    async down() {
      // A file where the folder should be: every read and write fails like a lost volume.
      const blocked = join(dir, `blocked-${++count}`);
      await writeFile(blocked, 'not a folder');
      return new DiskStorage(blocked);
    },
    async tearDown() {
      await rm(dir, { recursive: true, force: true });
    },
    async plantOutside(name, content) {
      await writeFile(join(dir, name), content);
    },
  };
}

export function minioAdapter(): AdapterUnderTest {
  let s3: TestS3 | undefined;
  return {
    name: 'minio (S3 protocol)',
    async setUp() {
      s3 = await startTestS3();
    },
    async fresh() {
      const storage = s3!.storage();
      await storage.ensureReady();
      return storage;
    },
    async down() {
      return new MinioStorage({ endpoint: await downEndpoint(), accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'coinmag-down', region: 'us-east-1', timeoutMs: 2000 });
    },
    async tearDown() {
      await s3?.stop();
    },
  };
}

export const ADAPTERS = [diskAdapter, minioAdapter];

/** An adapter behind the memory cache main.ts puts in front of every store (tiny limits, so eviction happens). */
export function cached(make: () => AdapterUnderTest): () => AdapterUnderTest {
  return () => {
    const inner = make();
    return {
      ...inner,
      name: `${inner.name} + memory cache`,
      fresh: async () => new MemoryCachedStorage(await inner.fresh(), { maxBytes: 24, maxObjectBytes: 12 }),
      down: async () => new MemoryCachedStorage(await inner.down(), { maxBytes: 24, maxObjectBytes: 12 }),
    };
  };
}
