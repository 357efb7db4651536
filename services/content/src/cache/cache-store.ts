import type { StoreConnection } from './store-connection.js';

/** What the response cache needs: entries with a lifetime and version counters. Keys are given without the prefix. */
export interface CacheStore extends StoreConnection {
  mget(keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  incr(key: string): Promise<number>;
}
