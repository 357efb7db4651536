import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Logger } from '@coinmag/service-kit';
import { UpstreamPool } from './upstream-pool.js';

/** Every address a name has right now (Docker's and Kubernetes' DNS answer one per task or pod). */
export type LookupAll = (hostname: string) => Promise<string[]>;

const lookupAll: LookupAll = async (hostname) => (await lookup(hostname, { all: true, family: 4 })).map((entry) => entry.address);

/** A failure asks for a fresh answer at once, but never more often than this. */
const MIN_REFRESH_GAP_MS = 200;

/** A URL whose host is a name that may stand for several replicas (not an address, not this machine). */
export function namesReplicas(url: string): boolean {
  const { hostname } = new URL(url);
  return isIP(hostname.replace(/^\[|\]$/g, '')) === 0 && hostname !== 'localhost';
}

function originAt(url: URL, address: string): string {
  const host = isIP(address) === 6 ? `[${address}]` : address;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/** What follows a service's replicas: the upstream pool, or the cache's invalidation feed (a stream to each). */
export interface ReplicaFollower {
  /** Returns whether anything changed. */
  setOrigins(origins: readonly string[]): boolean;
  /** Told when a replica refuses or drops a connection (the resolver asks DNS again). */
  onTrouble?: () => void;
}

export interface ResolverOptions {
  /** How often the names are asked again (tasks come and go); 0: only at start and on failures. */
  intervalMs: number;
  lookup?: LookupAll;
  onChange?: (origins: string[]) => void;
  /** Where each change of the list is logged (one info line: the service, who joined, who left, the list). */
  log?: Logger;
  /** The service's name in that line. */
  service?: string;
}

/**
 * Keeps an upstream pool (or another follower) pointed at every replica behind its service names: each name is resolved
 * to all its addresses, again every `intervalMs` and at once when a replica refuses or drops a
 * connection, and the pool gets one replica per address. When a lookup fails or finds nothing, the
 * addresses known before are kept (a name without tasks for a moment must not empty the pool).
 */
export class ReplicaResolver {
  private readonly urls: URL[];
  private readonly known = new Map<string, string[]>();
  /** The list the follower was last given. */
  private current: string[];
  private readonly lookup: LookupAll;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastRefresh = 0;
  private stopped = false;

  constructor(private readonly pool: ReplicaFollower, urls: readonly string[], private readonly options: ResolverOptions) {
    this.urls = urls.map((url) => new URL(url));
    this.lookup = options.lookup ?? lookupAll;
    for (const url of this.urls) this.known.set(url.href, [url.origin]);
    this.current = [...new Set(this.urls.map((url) => url.origin))];
  }

  start(): void {
    if (!this.urls.some((url) => namesReplicas(url.href))) return;
    this.pool.onTrouble = () => void this.refresh();
    void this.refresh();
    if (this.options.intervalMs > 0) {
      this.timer = setInterval(() => void this.refresh(), this.options.intervalMs);
      this.timer.unref();
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.pool.onTrouble = undefined;
  }

  /** Asks every name again (one lookup round at a time) and hands the pool what was found. */
  refresh(): Promise<void> {
    if (this.running) return this.running;
    if (Date.now() - this.lastRefresh < MIN_REFRESH_GAP_MS) return Promise.resolve();
    this.running = this.resolveAll().finally(() => {
      this.lastRefresh = Date.now();
      this.running = undefined;
    });
    return this.running;
  }

  private async resolveAll(): Promise<void> {
    await Promise.all(
      this.urls.map(async (url) => {
        if (!namesReplicas(url.href)) return;
        const addresses = await this.lookup(url.hostname).catch(() => []);
        if (addresses.length > 0) this.known.set(url.href, [...new Set(addresses)].sort().map((address) => originAt(url, address)));
      }),
    );
    if (this.stopped) return;
    const origins = [...new Set([...this.known.values()].flat())];
    if (!this.pool.setOrigins(origins)) return;
    const before = new Set(this.current);
    const now = new Set(origins);
    this.current = origins;
    this.options.log?.info(
      { service: this.options.service, joined: origins.filter((origin) => !before.has(origin)), left: [...before].filter((origin) => !now.has(origin)), replicas: origins },
      'replica list changed',
    );
    this.options.onChange?.(origins);
  }
}

/** How a pool follows its replicas: the resolver's options besides the interval (each change logged when `log` is given). */
export type FollowOptions = Omit<ResolverOptions, 'intervalMs'>;

/** The pool for a URL-list variable, following its names' replicas when `resolveEveryMs` allows. */
export function replicaPool(
  urls: readonly string[],
  resolveEveryMs: number,
  follow: FollowOptions = {},
  pool: UpstreamPool = new UpstreamPool(urls),
): { pool: UpstreamPool; resolver: ReplicaResolver } {
  const resolver = new ReplicaResolver(pool, urls, { ...follow, intervalMs: resolveEveryMs });
  if (resolveEveryMs > 0) resolver.start();
  return { pool, resolver };
}
