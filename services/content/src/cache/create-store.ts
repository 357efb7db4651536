import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { KeyValueStore } from './store.js';

/** Redis when REDIS_URL is set; otherwise the in-process store (the embedded default). */
export function createStore(redisUrl: string | undefined, prefix: string): KeyValueStore {
  return redisUrl ? new RedisStore({ url: redisUrl, prefix }) : new MemoryStore();
}
