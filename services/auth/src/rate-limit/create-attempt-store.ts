import { createRedisClient, type ServiceRuntime } from '@coinmag/service-kit';
import type { AttemptStore } from './attempt-store.js';
import { MemoryAttemptStore } from './memory-attempt-store.js';
import { RedisAttemptStore } from './redis-attempt-store.js';

export interface AttemptStoreChoice {
  store: AttemptStore;
  kind: 'redis' | 'memory';
  ping?: () => Promise<unknown>;
}

/** Redis when REDIS_URL is set (shared by replicas), otherwise the in-process store. */
export function createAttemptStore(config: { REDIS_URL?: string }, runtime?: ServiceRuntime): AttemptStoreChoice {
  if (!config.REDIS_URL) return { store: new MemoryAttemptStore(), kind: 'memory' };
  const redis = createRedisClient(config.REDIS_URL, runtime, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return { store: new RedisAttemptStore(redis, 'coinmag:auth:attempts:', true), kind: 'redis', ping: () => redis.ping() };
}
