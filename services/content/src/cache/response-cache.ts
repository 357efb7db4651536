import { createHash, randomUUID } from 'node:crypto';
import { cacheChange, cacheChangeLine } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import { recordWriteChange } from './cache-events.writes.js';
import type { CacheStore } from './cache-store.js';
import type { PubSub } from './pub-sub.js';

/**
 * What a cached response depends on. A write bumps the version of what it changed;
 * entries remember the versions they were computed under and are stale once one moves.
 * `gen` is in every entry, so a whole-cache reset is one INCR, not a scan.
 */
export type CacheNamespace = 'articles' | 'categories' | 'settings' | 'glossary' | 'flash' | 'learning-paths' | `learning-path:${string}` | `lesson-places:${number}` | `redirect:${string}`;

export interface CachedResponse {
  body: string;
  etag: string;
}

/** Entries are stored as three lines, so a hit never JSON-parses the body: versions, etag, body. */
function encodeEntry(versions: string, response: CachedResponse): string {
  return `${versions}\n${response.etag}\n${response.body}`;
}

function decodeEntry(entry: string): { versions: string; response: CachedResponse } | undefined {
  const first = entry.indexOf('\n');
  const second = entry.indexOf('\n', first + 1);
  if (first < 0 || second < 0) return undefined;
  return { versions: entry.slice(0, first), response: { etag: entry.slice(first + 1, second), body: entry.slice(second + 1) } };
}

const LOCAL_ENTRIES = 1000;

export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** Where invalidations are announced, for the gateways' caches (see cache-events.ts). */
export const INVALIDATION_CHANNEL = 'cache-invalidations';

/** 'everything': the connection was lost, so a write of any replica may have gone unrecorded. */
type PendingInvalidation = CacheNamespace | 'everything';

const RESYNC_RETRY_MS = 250;

export class ResponseCache {
  private readonly inflight = new Map<string, Promise<CachedResponse>>();
  private degraded = false;
  /** Invalidations that could not be recorded in the store; applied before any cached read is served. */
  private readonly pending = new Set<PendingInvalidation>();
  private resyncing: Promise<boolean> | undefined;
  private resyncTimer: NodeJS.Timeout | undefined;
  private readonly pendingListeners = new Set<(clean: boolean) => void>();

  constructor(
    private readonly store: CacheStore & PubSub,
    private readonly log: Logger,
    private readonly ttlMs = 5 * 60_000,
  ) {
    store.onConnectionLost(() => this.markPending(['everything']));
  }

  /**
   * The cached response for `key`, or `compute()` run once however many callers ask at the same moment.
   * `ttlMs` bounds how old an entry may get even if nothing it depends on changes.
   */
  get(key: string, deps: CacheNamespace[], compute: () => Promise<{ value: unknown }>, ttlMs = this.ttlMs): Promise<CachedResponse> {
    const running = this.inflight.get(key);
    if (running) return running;
    const pending = this.load(key, deps, compute, ttlMs).finally(() => this.inflight.delete(key));
    this.inflight.set(key, pending);
    return pending;
  }

  private async load(key: string, deps: CacheNamespace[], compute: () => Promise<{ value: unknown }>, ttlMs: number): Promise<CachedResponse> {
    let versions: string | undefined;
    // An invalidation that did not reach the store must be applied before anything cached is trusted.
    if (this.pending.size > 0 && !(await this.resync())) return this.computeUncached(compute);
    try {
      // One round trip: the entry's stamp (versions + etag, a few bytes) and the current versions.
      const [stamp, ...current] = await this.store.mget([`s:${key}`, 'v:gen', ...deps.map((dep) => `v:${dep}`)]);
      versions = current.map((version) => version ?? '0').join('.');
      this.recovered();
      if (typeof stamp === 'string' && stamp.startsWith(`${versions}\n`)) {
        const local = this.local.get(key);
        if (local && local.stamp === stamp) return local.response;
        const [entry] = await this.store.mget([`b:${key}`]);
        const stored = entry ? decodeEntry(entry) : undefined;
        if (stored && stored.versions === versions) {
          this.remember(key, stamp, stored.response);
          return stored.response;
        }
      }
    } catch (err) {
      this.failed(err);
    }
    const body = JSON.stringify((await compute()).value);
    const response = { body, etag: etagOf(body) };
    if (versions !== undefined) {
      const stamp = `${versions}\n${response.etag}`;
      // Awaited, so callers merged behind this miss and those right after it find the entry stored.
      await Promise.all([
        this.store.set(`b:${key}`, encodeEntry(versions, response), ttlMs),
        this.store.set(`s:${key}`, stamp, ttlMs),
      ]).catch((err) => this.failed(err));
      this.remember(key, stamp, response);
    }
    return response;
  }

  /**
   * A process-local copy of hot entries, trusted only while Redis's stamp for the key matches,
   * so a hit moves a few bytes from Redis instead of the whole body. Oldest dropped first.
   */
  private readonly local = new Map<string, { stamp: string; response: CachedResponse }>();

  private remember(key: string, stamp: string, response: CachedResponse) {
    this.local.delete(key);
    this.local.set(key, { stamp, response });
    if (this.local.size > LOCAL_ENTRIES) this.local.delete(this.local.keys().next().value!);
  }

  private async computeUncached(compute: () => Promise<{ value: unknown }>): Promise<CachedResponse> {
    const body = JSON.stringify((await compute()).value);
    return { body, etag: etagOf(body) };
  }

  /**
   * Everything that depends on these namespaces is stale from now on, here and in the gateways.
   * When the store cannot record it (Redis down or slow), it is remembered and applied, with a
   * full reset if the connection was lost, before this process serves anything cached again.
   * The write being answered names the change too (cache-events.writes.ts), recorded or not.
   */
  async invalidate(namespaces: CacheNamespace[]): Promise<void> {
    const change = cacheChange({ type: 'invalidate', deps: namespaces }, randomUUID());
    recordWriteChange(change);
    try {
      await Promise.all(namespaces.map((namespace) => this.store.incr(`v:${namespace}`)));
      await this.store.publish(INVALIDATION_CHANNEL, JSON.stringify(change));
    } catch (err) {
      this.failed(err);
      this.markPending(namespaces);
    }
  }

  async reset(): Promise<void> {
    await this.store.incr('v:gen');
    await this.store.publish(INVALIDATION_CHANNEL, cacheChangeLine({ type: 'reset' }, randomUUID()));
  }

  /** Whether every invalidation so far is recorded in the store. */
  get clean(): boolean {
    return this.pending.size === 0;
  }

  /** Told when `clean` changes (the gateways' feed reports it). */
  onCleanChange(listener: (clean: boolean) => void): () => void {
    this.pendingListeners.add(listener);
    return () => this.pendingListeners.delete(listener);
  }

  private markPending(what: PendingInvalidation[]) {
    const wasClean = this.pending.size === 0;
    for (const item of what) this.pending.add(item);
    if (wasClean && this.pending.size > 0) for (const listener of this.pendingListeners) listener(false);
    this.scheduleResync();
  }

  private scheduleResync() {
    if (this.resyncTimer || this.pending.size === 0) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = undefined;
      void this.resync().then((done) => {
        if (!done) this.scheduleResync();
      });
    }, RESYNC_RETRY_MS);
    this.resyncTimer.unref();
  }

  /** Records the pending invalidations in the store (one at a time); true when none is left. */
  resync(): Promise<boolean> {
    if (this.pending.size === 0) return Promise.resolve(true);
    this.resyncing ??= this.applyPending().finally(() => (this.resyncing = undefined));
    return this.resyncing;
  }

  private async applyPending(): Promise<boolean> {
    const taken = [...this.pending];
    try {
      if (taken.includes('everything')) {
        await this.reset();
      } else {
        const namespaces = taken as CacheNamespace[];
        await Promise.all(namespaces.map((namespace) => this.store.incr(`v:${namespace}`)));
        await this.store.publish(INVALIDATION_CHANNEL, cacheChangeLine({ type: 'invalidate', deps: namespaces }, randomUUID()));
      }
    } catch (err) {
      this.failed(err);
      return false;
    }
    for (const item of taken) this.pending.delete(item);
    if (this.pending.size > 0) return this.applyPending();
    this.log.info({ applied: taken }, 'cache: invalidations made during the outage applied');
    for (const listener of this.pendingListeners) listener(true);
    return true;
  }

  /** Stops the retry timer (shutdown). */
  stop(): void {
    clearTimeout(this.resyncTimer);
    this.resyncTimer = undefined;
  }

  /** Logged once per outage, not per request. */
  private failed(err: unknown) {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn({ err: (err as Error).message }, 'cache unavailable: answering from Postgres');
  }

  private recovered() {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('cache available again');
  }
}
