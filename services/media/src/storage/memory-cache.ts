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
export function withMemoryCache(inner: ObjectStorage, options: MemoryCacheOptions): ObjectStorage {
  let cachedBytes = 0;
  const stats = new Lru<StoredObject>(options.maxEntries ?? 10_000);
  const bodies = new Lru<Buffer>(Number.MAX_SAFE_INTEGER, (body) => {
    cachedBytes -= body.length;
  });

  const remember = (key: string, body: Buffer) => {
    if (body.length > options.maxObjectBytes || body.length > options.maxBytes) return;
    bodies.set(key, body);
    cachedBytes += body.length;
    while (cachedBytes > options.maxBytes) bodies.evictOldest();
  };

  return {
    kind: inner.kind,
    ensureReady: () => inner.ensureReady(),
    check: () => inner.check(),
    list: (prefix) => inner.list(prefix),
    async put(key, data, contentType) {
      stats.delete(key);
      bodies.delete(key);
      await inner.put(key, data, contentType);
    },
    async stat(key) {
      const known = stats.get(key);
      if (known) return known;
      const found = await inner.stat(key);
      if (found) stats.set(key, found);
      return found;
    },
    async read(key, range?: ByteRange) {
      let body = bodies.get(key);
      if (!body) {
        const info = await this.stat(key);
        if (!info || info.size > options.maxObjectBytes || options.maxBytes === 0) return inner.read(key, range);
        const chunks: Buffer[] = [];
        for await (const chunk of await inner.read(key)) chunks.push(Buffer.from(chunk as Buffer));
        body = Buffer.concat(chunks);
        remember(key, body);
      }
      return Readable.from([range ? body.subarray(range.start, range.end + 1) : body]);
    },
  };
}
