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
export class MinioStorage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private bucketReady: Promise<void> | undefined;

  constructor(private readonly options: MinioStorageOptions) {
    const url = new URL(options.endpoint);
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
      useSSL: url.protocol === 'https:',
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  ensureReady(): Promise<void> {
    this.bucketReady ??= this.call(async () => {
      if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.options.region);
    }).catch((err) => {
      this.bucketReady = undefined;
      throw err;
    });
    return this.bucketReady;
  }

  async check(): Promise<void> {
    await this.call(async () => {
      if (!(await this.client.bucketExists(this.bucket))) throw new Error('bucket missing');
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const name = this.nameOf(key);
    await this.ensureReady();
    await this.call(() => this.client.putObject(this.bucket, name, data, data.length, { 'Content-Type': contentType }));
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const name = this.nameOf(key);
    try {
      const info = await this.call(() => this.client.statObject(this.bucket, name));
      return { size: info.size, etag: `"${info.etag.replace(/"/g, '')}"`, lastModified: info.lastModified };
    } catch (err) {
      const code = ((err as Error).cause as { code?: string } | undefined)?.code;
      if (code && NOT_FOUND_CODES.has(code)) return undefined;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const name = this.nameOf(key);
    return this.call(() => (range ? this.client.getPartialObject(this.bucket, name, range.start, range.end - range.start + 1) : this.client.getObject(this.bucket, name)));
  }

  async list(listPrefix = ''): Promise<string[]> {
    return this.call(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const keys: string[] = [];
          const stream = this.client.listObjectsV2(this.bucket, this.prefix + listPrefix, true);
          stream.on('data', (item) => {
            if (item.name) keys.push(item.name.slice(this.prefix.length));
          });
          stream.on('error', reject);
          stream.on('end', () => resolve(keys.sort()));
        }),
    );
  }

  private nameOf(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  /** Every call is bounded in time and every failure but "not found" means the store is down. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        work(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('object storage timeout')), this.timeoutMs);
        }),
      ]);
    } catch (err) {
      if (err instanceof StorageUnavailableError) throw err;
      throw new StorageUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  }
}
