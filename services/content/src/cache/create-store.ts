import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { KeyValueStore } from './store.js';

export interface Stores {
  /** Response cache: a slow Redis is given up on quickly, the answer comes from Postgres. */
  cache: KeyValueStore;
  /** View counts and ranking: waits longer, a timed-out count cannot be safely retried. */
  counters: KeyValueStore;
}

/** Redis when REDIS_URL is set; otherwise one in-process store (the embedded default). */
export function createStores(redisUrl: string | undefined, prefix: string): Stores {
  if (!redisUrl) {
    const memory = new MemoryStore();
    return { cache: memory, counters: memory };
  }
  return {
    cache: new RedisStore({ url: redisUrl, prefix, commandTimeoutMs: 100 }),
    counters: new RedisStore({ url: redisUrl, prefix, commandTimeoutMs: 2000 }),
  };
}
