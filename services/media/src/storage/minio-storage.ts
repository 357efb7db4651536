import type { Readable } from 'node:stream';
import { Client } from 'minio';
import { assertKey, StorageUnavailableError, type ByteRange, type ObjectStorage, type StoredObject } from './object-storage.js';

export interface MinioStorageOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** Object names are prefixed with this (tests use a fresh one per run). */
  prefix?: string;
  /** How long one call may take before the store counts as down. */
  timeoutMs?: number;
}

const NOT_FOUND_CODES = new Set(['NotFound', 'NoSuchKey', 'NoSuchObject']);

/** Objects in MinIO or any S3-compatible store, path-style, through the `minio` client. */
export function createMinioStorage(options: MinioStorageOptions): ObjectStorage {
  const url = new URL(options.endpoint);
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region,
    pathStyle: true,
  });
  const { bucket, prefix = '', timeoutMs = 5000 } = options;
  const nameOf = (key: string) => {
    assertKey(key);
    return prefix + key;
  };

  /** Every call is bounded in time and every failure but "not found" means the store is down. */
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        work(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('object storage timeout')), timeoutMs);
        }),
      ]);
    } catch (err) {
      if (err instanceof StorageUnavailableError) throw err;
      throw new StorageUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  };

  let bucketReady: Promise<void> | undefined;
  const ensureReady = () => {
    bucketReady ??= call(async () => {
      if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, options.region);
    }).catch((err) => {
      bucketReady = undefined;
      throw err;
    });
    return bucketReady;
  };

  return {
    kind: 's3',
    ensureReady,
    async check() {
      await call(async () => {
        if (!(await client.bucketExists(bucket))) throw new Error('bucket missing');
      });
    },
    async put(key, data, contentType) {
      const name = nameOf(key);
      await ensureReady();
      await call(() => client.putObject(bucket, name, data, data.length, { 'Content-Type': contentType }));
    },
    async stat(key): Promise<StoredObject | undefined> {
      const name = nameOf(key);
      try {
        const info = await call(() => client.statObject(bucket, name));
        return { size: info.size, etag: `"${info.etag.replace(/"/g, '')}"`, lastModified: info.lastModified };
      } catch (err) {
        const code = ((err as Error).cause as { code?: string } | undefined)?.code;
        if (code && NOT_FOUND_CODES.has(code)) return undefined;
        throw err;
      }
    },
    async read(key, range?: ByteRange): Promise<Readable> {
      const name = nameOf(key);
      return call(() => (range ? client.getPartialObject(bucket, name, range.start, range.end - range.start + 1) : client.getObject(bucket, name)));
    },
    async list(listPrefix = '') {
      return call(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const keys: string[] = [];
            const stream = client.listObjectsV2(bucket, prefix + listPrefix, true);
            stream.on('data', (item) => {
              if (item.name) keys.push(item.name.slice(prefix.length));
            });
            stream.on('error', reject);
            stream.on('end', () => resolve(keys.sort()));
          }),
      );
    },
  };
}
