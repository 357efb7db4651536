import type { Readable } from 'node:stream';
import { MEDIA_KEY_PATTERN } from '@coinmag/contracts';

/** What the media service needs from an object store; the disk and MinIO adapters both pass one contract test. */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** Creates the bucket or folder if missing. Throws StorageUnavailableError when the store cannot be reached. */
  ensureReady(): Promise<void>;
  /** Resolves when the store answers and is ready for writes; throws StorageUnavailableError otherwise. */
  check(): Promise<void>;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** undefined for a key that is not stored. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Streams the object, or the inclusive byte range of it. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Keys that start with `prefix` (tests and housekeeping). */
  list(prefix?: string): Promise<string[]>;
}

export interface StoredObject {
  size: number;
  /** Quoted strong validator. */
  etag: string;
  lastModified: Date;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** The store is down or refuses us; the routes answer 503. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('object storage unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** Adapters check keys again: a key is only ever a validated object name, never a path. */
export function assertKey(key: string): void {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`invalid object key`);
}
