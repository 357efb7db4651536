import type { CacheStore } from './cache-store.js';
import type { PubSub } from './pub-sub.js';
import type { ViewStore } from '../views/view-store.js';

/**
 * One connection's worth of store: Redis (production, shared by replicas) or the in-process
 * default. Each user takes only its role (`CacheStore`, `PubSub`, `ViewStore`); the two adapters
 * implement all three over one connection, and each role has its own contract test.
 */
export type Store = CacheStore & PubSub & ViewStore;
