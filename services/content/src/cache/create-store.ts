import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { Store } from './store.js';

export interface Stores {
  /** Response cache: a slow Redis is given up on quickly, the answer comes from Postgres. */
  cache: Store;
  /** View counts and ranking: waits longer, a timed-out count cannot be safely retried. */
  counters: Store;
}

/**
 * Redis when REDIS_URL is set; otherwise one in-process store (the embedded default). The one
 * adapter-selection pattern of every service: `create<Port>(config)` picks the adapter from the
 * configuration (auth's createAttemptStore, media's createStorage).
 */
export function createStores({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }: { REDIS_URL?: string; REDIS_KEY_PREFIX: string }): Stores {
  if (!redisUrl) {
    const memory = new MemoryStore();
    return { cache: memory, counters: memory };
  }
  return {
    cache: new RedisStore({ url: redisUrl, prefix, commandTimeoutMs: 100 }),
    counters: new RedisStore({ url: redisUrl, prefix, commandTimeoutMs: 2000, autoPipelining: true }),
  };
}
