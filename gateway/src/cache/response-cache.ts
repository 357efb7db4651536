import { LRUCache } from 'lru-cache';
import type { CacheChangeEvent } from '@coinmag/contracts';
import { encodedIfReady, encodeOnce, quickGzip, type Encoding } from './encodings.js';

/**
 * What a cached answer was built from ("articles", "categories", "settings", …): the content
 * service names them per answer, and an invalidation names the ones that changed.
 */
export type CacheDependency = string;

export interface CacheRecordInput {
  status: number;
  /** Headers to answer with (lower-case names), without content-length or content-encoding. */
  headers: Record<string, string>;
  body: Buffer;
  deps: readonly CacheDependency[];
  /** How long the record may be served without asking again, whatever the invalidations. */
  ttlMs?: number;
}

export interface CacheRecord extends CacheRecordInput {
  readonly key: string;
  /** The invalidation count when the answer was asked for (see `GatewayCache.ticket`). */
  readonly ticket: number;
  readonly freshUntil: number;
  /** Compressed forms, each made once and kept with the record. */
  readonly encoded: Partial<Record<Encoding, Promise<Buffer | undefined>>>;
  /** The same forms once made (null: not smaller, the body is sent as it is). */
  readonly settled: Partial<Record<Encoding, Buffer | null>>;
}

export interface CacheHit {
  record: CacheRecord;
  /** False when the TTL or a lost invalidation feed made it stale: serve it only if the service fails. */
  fresh: boolean;
}

/** Ids of changes already applied, kept so a change that arrives again (another replica's stream, the write's answer) is applied once. */
const REMEMBERED_CHANGES = 1024;

export interface GatewayCacheOptions {
  /** Bound on bodies kept, counting room for their compressed forms. */
  maxBytes: number;
  /** Fresh lifetime of a record that names no TTL of its own. */
  ttlMs: number;
  /** How long a stale record is kept to answer when the service fails (stale-if-error). */
  staleMs: number;
  now?: () => number;
}

/**
 * The gateway's cache of public answers: a bounded LRU of bodies, each with what it depends on.
 * An invalidation moves a counter and records it per dependency; a record is fresh while none of
 * its dependencies was invalidated after its ticket was taken, so an answer that was being
 * fetched while an edit happened is never served as fresh. Used for API JSON (the proxy) and for
 * rendered HTML: `ticket()` before fetching or rendering, `set()` after, `get()` to serve, and
 * `encoded()` for the body in the client's encoding (compressed once per record).
 */
export class GatewayCache {
  private readonly lru: LRUCache<string, CacheRecord>;
  private readonly now: () => number;
  private counter = 0;
  private everythingAt = 0;
  private readonly invalidatedAt = new Map<CacheDependency, number>();
  private trusted = false;
  private heard = 0;
  private readonly applied = new Set<string>();

  constructor(private readonly options: GatewayCacheOptions) {
    this.now = options.now ?? Date.now;
    this.lru = new LRUCache<string, CacheRecord>({
      maxSize: options.maxBytes,
      // The body plus room for its brotli and gzip forms (kept only when smaller than the body).
      sizeCalculation: (record) => Math.max(1, record.body.length * 2 + 512),
      ttl: options.staleMs,
      ttlAutopurge: false,
      allowStale: false,
    });
  }

  /** Take before asking the service or rendering; hand to `set()`. */
  ticket(): number {
    return this.counter;
  }

  /** Whether the invalidation feed is live: without it nothing is served as fresh. */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
  }

  isTrusted(): boolean {
    return this.trusted;
  }

  /**
   * The record kept for `key`. One an invalidation outdated is dropped, never returned: not even a
   * failing service makes it worth serving an answer known to be old.
   */
  get(key: string): CacheHit | undefined {
    const record = this.lru.get(key);
    if (!record) return undefined;
    if (!this.unchangedSince(record.ticket, record.deps)) {
      this.lru.delete(key);
      return undefined;
    }
    return { record, fresh: this.trusted && record.freshUntil > this.now() };
  }

  /**
   * When the newest change this cache has applied was announced (ms since the epoch): an answer
   * served from it reflects every change announced up to then. Sent with cached answers
   * (x-gateway-cache-as-of), so a stale answer can be told from one not yet delivered.
   */
  get heardUntil(): number {
    return this.heard;
  }

  /** Stores an answer fetched under `ticket`; one already outdated by an invalidation is not kept. */
  set(key: string, ticket: number, input: CacheRecordInput): CacheRecord | undefined {
    if (!this.unchangedSince(ticket, input.deps)) return undefined;
    if (input.body.length * 2 + 512 > this.options.maxBytes / 8) return undefined;
    const record: CacheRecord = { ...input, key, ticket, freshUntil: this.now() + (input.ttlMs ?? this.options.ttlMs), encoded: {}, settled: {} };
    this.lru.set(key, record);
    return record;
  }

  /** Everything that depends on one of `deps` is stale from now on (`announcedAt`: when the change was announced). */
  invalidate(deps: readonly CacheDependency[], announcedAt = this.now()): void {
    this.counter += 1;
    for (const dep of deps) this.invalidatedAt.set(dep, this.counter);
    this.heard = Math.max(this.heard, announcedAt);
  }

  /**
   * Applies a change announced by the content service once, however many ways it arrives (the
   * answer to the write that made it, each replica's stream); whether it was new here.
   */
  apply(change: CacheChangeEvent): boolean {
    if (this.applied.has(change.id)) return false;
    this.applied.add(change.id);
    if (this.applied.size > REMEMBERED_CHANGES) this.applied.delete(this.applied.values().next().value!);
    if (change.type === 'invalidate') this.invalidate(change.deps, change.at);
    else this.invalidateAll(change.at);
    return true;
  }

  invalidateAll(announcedAt = this.now()): void {
    this.counter += 1;
    this.everythingAt = this.counter;
    this.heard = Math.max(this.heard, announcedAt);
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  get size(): number {
    return this.lru.size;
  }

  /** The record's body in the best encoding `acceptEncoding` allows, compressed at most once per encoding. */
  async encoded(record: CacheRecord, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: Encoding }> {
    return encodeOnce(record.body, record.encoded as Partial<Record<Encoding, Promise<Buffer | undefined>>>, acceptEncoding, record.settled);
  }

  /**
   * For the answer that just filled the record: its kept form if made, else a quick gzip made on
   * the spot while the kept form is made for the hits (see `quickGzip`); else as `encoded`.
   */
  async encodedForFill(record: CacheRecord, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: Encoding }> {
    const ready = this.encodedNow(record, acceptEncoding);
    if (ready) return ready;
    const kept = this.encoded(record, acceptEncoding);
    return quickGzip(record.body, acceptEncoding) ?? kept;
  }

  /** As `encoded`, without waiting: undefined while that encoding of the record is not made yet. */
  encodedNow(record: CacheRecord, acceptEncoding: string | undefined): { body: Buffer; encoding?: Encoding } | undefined {
    return encodedIfReady(record.body, record.settled, acceptEncoding);
  }

  private unchangedSince(ticket: number, deps: readonly CacheDependency[]): boolean {
    if (this.everythingAt > ticket) return false;
    for (const dep of deps) if ((this.invalidatedAt.get(dep) ?? 0) > ticket) return false;
    return true;
  }
}
