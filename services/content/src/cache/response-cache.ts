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
  /** Whether views were waiting to be flushed when this was read (then they must be added). */
  viewsPending?: boolean;
}

/** Entries are stored as four lines, so a hit never JSON-parses the body: versions, etag, ids, body. */
function encodeEntry(versions: string, response: CachedResponse): string {
  return `${versions}\n${response.etag}\n${response.ids.join(',')}\n${response.body}`;
}

function decodeEntry(entry: string): { versions: string; response: CachedResponse } | undefined {
  const first = entry.indexOf('\n');
  const second = entry.indexOf('\n', first + 1);
  const third = entry.indexOf('\n', second + 1);
  if (first < 0 || second < 0 || third < 0) return undefined;
  const ids = entry.slice(second + 1, third);
  return {
    versions: entry.slice(0, first),
    response: { etag: entry.slice(first + 1, second), ids: ids ? ids.split(',').map(Number) : [], body: entry.slice(third + 1) },
  };
}

/** Set while views are waiting to be flushed; read in the same round trip as the entry. */
export const VIEWS_PENDING_FLAG = 'views:pending-flag';

const LOCAL_ENTRIES = 1000;

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
    let viewsPending = true;
    try {
      // One round trip: the entry's stamp (versions + etag, a few bytes), the views flag, the current versions.
      const [stamp, flag, ...current] = await this.store.mget([`s:${key}`, VIEWS_PENDING_FLAG, 'v:gen', ...deps.map((dep) => `v:${dep}`)]);
      versions = current.map((version) => version ?? '0').join('.');
      viewsPending = flag !== null;
      this.recovered();
      if (typeof stamp === 'string' && stamp.startsWith(`${versions}\n`)) {
        const local = this.local.get(key);
        if (local && local.stamp === stamp) return { ...local.response, viewsPending };
        const [entry] = await this.store.mget([`c:${key}`]);
        const stored = entry ? decodeEntry(entry) : undefined;
        if (stored && stored.versions === versions) {
          this.remember(key, stamp, stored.response);
          return { ...stored.response, viewsPending };
        }
      }
    } catch (err) {
      this.failed(err);
    }
    const { value, ids } = await compute();
    const body = JSON.stringify(value);
    const response = { body, etag: etagOf(body), ids };
    if (versions !== undefined) {
      const stamp = `${versions}\n${response.etag}`;
      // Awaited, so callers merged behind this miss and those right after it find the entry stored.
      await Promise.all([
        this.store.set(`c:${key}`, encodeEntry(versions, response), this.ttlMs),
        this.store.set(`s:${key}`, stamp, this.ttlMs),
      ]).catch((err) => this.failed(err));
      this.remember(key, stamp, response);
    }
    return { ...response, viewsPending };
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
