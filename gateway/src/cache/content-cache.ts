import type { Logger } from '@coinmag/service-kit';
import { urlList, type GatewayConfig } from '../config.js';
import { ReplicaResolver } from '../proxy/replica-resolver.js';
import { InvalidationFeed } from './invalidation-feed.js';
import { GatewayCache } from './response-cache.js';

export interface ContentCache {
  cache: GatewayCache;
  feed: InvalidationFeed;
  /** Starts the feed, following every content replica behind CONTENT_URL's names (UPSTREAM_RESOLVE_MS). */
  start(): void;
  stop(): Promise<void>;
}

/** The gateway's cache and the feed that keeps it exact; undefined when GATEWAY_CACHE_MB is 0. */
export function createContentCache(
  config: Pick<GatewayConfig, 'CONTENT_URL' | 'GATEWAY_CACHE_MB' | 'GATEWAY_CACHE_TTL_MS' | 'GATEWAY_CACHE_STALE_MS'> & Partial<Pick<GatewayConfig, 'UPSTREAM_RESOLVE_MS'>>,
  log: Logger,
): ContentCache | undefined {
  if (config.GATEWAY_CACHE_MB <= 0) return undefined;
  const cache = new GatewayCache({ maxBytes: config.GATEWAY_CACHE_MB * 2 ** 20, ttlMs: config.GATEWAY_CACHE_TTL_MS, staleMs: config.GATEWAY_CACHE_STALE_MS });
  const urls = urlList(config.CONTENT_URL);
  const feed = new InvalidationFeed(urls.map((url) => new URL(url).origin), cache, log);
  const resolver = new ReplicaResolver(feed, urls, { intervalMs: config.UPSTREAM_RESOLVE_MS ?? 0 });
  return {
    cache,
    feed,
    start() {
      feed.start();
      if ((config.UPSTREAM_RESOLVE_MS ?? 0) > 0) resolver.start();
    },
    async stop() {
      resolver.stop();
      await feed.stop();
    },
  };
}
