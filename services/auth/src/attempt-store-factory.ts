import { createRedisClient, type ServiceRuntime } from '@coinmag/service-kit';
import type { AttemptStore } from './rate-limit/attempt-store.js';
import { createMemoryAttemptStore } from './rate-limit/memory-attempt-store.js';
import { createRedisAttemptStore } from './rate-limit/redis-attempt-store.js';

export interface AttemptStoreChoice {
  store: AttemptStore;
  kind: 'redis' | 'memory';
  ping?: () => Promise<unknown>;
}

/** Redis when REDIS_URL is set (shared by replicas), otherwise the in-process store. */
export function createAttemptStore(config: { REDIS_URL?: string }, runtime?: ServiceRuntime): AttemptStoreChoice {
  if (!config.REDIS_URL) return { store: createMemoryAttemptStore(), kind: 'memory' };
  const redis = createRedisClient(config.REDIS_URL, runtime, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return { store: createRedisAttemptStore(redis, 'coinmag:auth:attempts:', true), kind: 'redis', ping: () => redis.ping() };
}
