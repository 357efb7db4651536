import type { Logger } from '@coinmag/service-kit';
import { urlList, type GatewayConfig } from '../config.js';
import { InvalidationFeed } from './invalidation-feed.js';
import { GatewayCache } from './response-cache.js';

export interface ContentCache {
  cache: GatewayCache;
  feed: InvalidationFeed;
}

/** The gateway's cache and the feed that keeps it exact; undefined when GATEWAY_CACHE_MB is 0. */
export function createContentCache(
  config: Pick<GatewayConfig, 'CONTENT_URL' | 'GATEWAY_CACHE_MB' | 'GATEWAY_CACHE_TTL_MS' | 'GATEWAY_CACHE_STALE_MS'>,
  log: Logger,
): ContentCache | undefined {
  if (config.GATEWAY_CACHE_MB <= 0) return undefined;
  const cache = new GatewayCache({ maxBytes: config.GATEWAY_CACHE_MB * 2 ** 20, ttlMs: config.GATEWAY_CACHE_TTL_MS, staleMs: config.GATEWAY_CACHE_STALE_MS });
  const feed = new InvalidationFeed(urlList(config.CONTENT_URL).map((url) => new URL(url).origin), cache, log);
  return { cache, feed };
}
