import { Readable } from 'node:stream';
import type { ByteRange, ObjectStorage, StoredObject } from './object-storage.js';

export interface MemoryCacheOptions {
  /** Total bytes of object bodies kept in memory. */
  maxBytes: number;
  /** Bodies larger than this are always streamed from the store. */
  maxObjectBytes: number;
  /** How many stat results to remember. */
  maxEntries?: number;
}

/** A small LRU on a Map (insertion order is recency). */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(
    private readonly maxEntries: number,
    private readonly onEvict: (value: V) => void = () => undefined,
  ) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxEntries) this.evictOldest();
  }
  delete(key: string): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.onEvict(value);
  }
  evictOldest(): void {
    const oldest = this.map.keys().next();
    if (!oldest.done) this.delete(oldest.value);
  }
}

/**
 * Keeps stat results and small bodies of hot objects in memory. Stored names are content
 * addressed and never rewritten by the service (the demo covers are written once), so a
 * cached entry cannot go stale; a put through this instance still drops its entry. With S3
 * this saves two round trips per image request; with the disk, a stat and an open.
 */
export class MemoryCachedStorage implements ObjectStorage {
  readonly kind: ObjectStorage['kind'];
  private cachedBytes = 0;
  private readonly stats: Lru<StoredObject>;
  private readonly bodies: Lru<Buffer>;

  constructor(
    private readonly inner: ObjectStorage,
    private readonly options: MemoryCacheOptions,
  ) {
    this.kind = inner.kind;
    this.stats = new Lru<StoredObject>(options.maxEntries ?? 10_000);
    this.bodies = new Lru<Buffer>(Number.MAX_SAFE_INTEGER, (body) => {
      this.cachedBytes -= body.length;
    });
  }

  ensureReady(): Promise<void> {
    return this.inner.ensureReady();
  }

  check(): Promise<void> {
    return this.inner.check();
  }

  list(prefix?: string): Promise<string[]> {
    return this.inner.list(prefix);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    this.stats.delete(key);
    this.bodies.delete(key);
    await this.inner.put(key, data, contentType);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const known = this.stats.get(key);
    if (known) return known;
    const found = await this.inner.stat(key);
    if (found) this.stats.set(key, found);
    return found;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    let body = this.bodies.get(key);
    if (!body) {
      const info = await this.stat(key);
      if (!info || info.size > this.options.maxObjectBytes || this.options.maxBytes === 0) return this.inner.read(key, range);
      const chunks: Buffer[] = [];
      for await (const chunk of await this.inner.read(key)) chunks.push(Buffer.from(chunk as Buffer));
      body = Buffer.concat(chunks);
      this.remember(key, body);
    }
    return Readable.from([range ? body.subarray(range.start, range.end + 1) : body]);
  }

  private remember(key: string, body: Buffer): void {
    if (body.length > this.options.maxObjectBytes || body.length > this.options.maxBytes) return;
    this.bodies.set(key, body);
    this.cachedBytes += body.length;
    while (this.cachedBytes > this.options.maxBytes) this.bodies.evictOldest();
  }
}
