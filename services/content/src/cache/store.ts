import type { CacheStore } from './cache-store.js';
import type { PubSub } from './pub-sub.js';

/**
 * One connection's worth of store: Redis (production, shared by replicas) or the in-process
 * default. Each user takes only its role (`CacheStore`, `PubSub`); the two adapters implement both
 * over one connection, and each role has its own contract test. View counting has its own store
 * (packages/views), in the same Redis and prefix or on the same in-process keys.
 */
export type Store = CacheStore & PubSub;
