import { Redis } from 'ioredis';
import type { AttemptStore } from './rate-limit/attempt-store.js';
import { createMemoryAttemptStore } from './rate-limit/memory-attempt-store.js';
import { createRedisAttemptStore } from './rate-limit/redis-attempt-store.js';

export interface AttemptStoreChoice {
  store: AttemptStore;
  ping?: () => Promise<unknown>;
}

/** Redis when REDIS_URL is set (shared by replicas), otherwise the in-process store. */
export function chooseAttemptStore(redisUrl: string | undefined): AttemptStoreChoice {
  if (!redisUrl) return { store: createMemoryAttemptStore() };
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return { store: createRedisAttemptStore(redis, 'coinmag:auth:attempts:', true), ping: () => redis.ping() };
}
