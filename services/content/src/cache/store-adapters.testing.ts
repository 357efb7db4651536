import { randomUUID } from 'node:crypto';
import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { Store } from './store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Both adapters, each role's contract test runs against: the in-process default and Redis (also auto-pipelined). */
export const STORE_ADAPTERS: Array<[string, () => Store]> = [
  ['memory', () => new MemoryStore()],
  ['redis', () => new RedisStore({ url: REDIS_URL, prefix: `cm-test:${randomUUID()}:` })],
  ['redis, auto-pipelined', () => new RedisStore({ url: REDIS_URL, prefix: `cm-test:${randomUUID()}:`, autoPipelining: true })],
];

/** The Redis adapter refuses commands until connected (no offline queue): resolves once it answers. */
export async function connected(store: Store) {
  for (let attempt = 0; ; attempt++) {
    try {
      await store.ping();
      return;
    } catch (err) {
      if (attempt > 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
