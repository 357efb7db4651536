import { MemoryKeys } from '@coinmag/service-kit';
import { MemoryViewStore, RedisViewStore, type ViewStore } from '@coinmag/views';
import { MemoryStore } from './cache/memory-store.js';
import { RedisStore } from './cache/redis-store.js';
import type { Store } from './cache/store.js';

export interface Stores {
  /** Response cache and its messages: a slow Redis is given up on quickly, the answer comes from Postgres. */
  cache: Store;
  /** View counts and ranking: waits longer, a timed-out count cannot be safely retried. */
  views: ViewStore;
}

/**
 * Redis when REDIS_URL is set; otherwise in-process keys (the embedded default). The one
 * adapter-selection pattern of every service: `create<Port>(config)` picks the adapter from the
 * configuration (auth's createAttemptStore, media's createStorage). Both roles share one keyspace,
 * so a beacon's script reads the article versions the cache bumps.
 */
export function createStores({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }: { REDIS_URL?: string; REDIS_KEY_PREFIX: string }): Stores {
  if (!redisUrl) {
    const keys = new MemoryKeys();
    return { cache: new MemoryStore(keys), views: new MemoryViewStore(keys) };
  }
  return {
    cache: new RedisStore({ url: redisUrl, prefix, commandTimeoutMs: 100 }),
    views: RedisViewStore.open({ url: redisUrl, prefix, commandTimeoutMs: 2000, autoPipelining: true }),
  };
}

/** View counting's store in the keyspace of a cache store (its own connection when Redis: close it with the cache's). */
export function viewStoreBeside(store: Store): ViewStore {
  if (store instanceof MemoryStore) return new MemoryViewStore(store.keys);
  if (store instanceof RedisStore) return RedisViewStore.open({ url: store.url, prefix: store.keyPrefix, commandTimeoutMs: 2000, autoPipelining: true });
  throw new Error('no view store for this kind of cache store');
}
