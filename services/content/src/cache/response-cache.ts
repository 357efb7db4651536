import { createHash } from 'node:crypto';
import type { Logger } from '@coinmag/service-kit';
import type { KeyValueStore } from './store.js';

/**
 * What a cached response depends on. A write bumps the version of what it changed;
 * entries remember the versions they were computed under and are stale once one moves.
 * `gen` is in every entry, so a whole-cache reset is one INCR, not a scan.
 */
export type CacheNamespace = 'articles' | 'categories' | 'settings' | 'views';

export interface CachedResponse {
  body: string;
  etag: string;
  /** Ids of the articles in the body whose view_count must include unflushed views. */
  ids: number[];
}

interface StoredEntry extends CachedResponse {
  versions: string;
}

export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

export class ResponseCache {
  private readonly inflight = new Map<string, Promise<CachedResponse>>();
  private degraded = false;

  constructor(
    private readonly store: KeyValueStore,
    private readonly log: Logger,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  /** The cached response for `key`, or `compute()` run once however many callers ask at the same moment. */
  get(key: string, deps: CacheNamespace[], compute: () => Promise<{ value: unknown; ids: number[] }>): Promise<CachedResponse> {
    const running = this.inflight.get(key);
    if (running) return running;
    const pending = this.load(key, deps, compute).finally(() => this.inflight.delete(key));
    this.inflight.set(key, pending);
    return pending;
  }

  private async load(key: string, deps: CacheNamespace[], compute: () => Promise<{ value: unknown; ids: number[] }>): Promise<CachedResponse> {
    let versions: string | undefined;
    try {
      const [entry, ...current] = await this.store.mget([`c:${key}`, 'v:gen', ...deps.map((dep) => `v:${dep}`)]);
      versions = current.map((version) => version ?? '0').join('.');
      this.recovered();
      if (entry) {
        const stored = JSON.parse(entry) as StoredEntry;
        if (stored.versions === versions) return stored;
      }
    } catch (err) {
      this.failed(err);
    }
    const { value, ids } = await compute();
    const body = JSON.stringify(value);
    const response = { body, etag: etagOf(body), ids };
    if (versions !== undefined) {
      const entry: StoredEntry = { ...response, versions };
      this.store.set(`c:${key}`, JSON.stringify(entry), this.ttlMs).catch((err) => this.failed(err));
    }
    return response;
  }

  /** Everything that depends on these namespaces is stale from now on. */
  async invalidate(namespaces: CacheNamespace[]): Promise<void> {
    await Promise.all(namespaces.map((namespace) => this.store.incr(`v:${namespace}`).catch((err) => this.failed(err))));
  }

  async reset(): Promise<void> {
    await this.store.incr('v:gen');
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
