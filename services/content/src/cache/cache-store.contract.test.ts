import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheStore } from './cache-store.js';
import { connected, STORE_ADAPTERS } from './store-adapters.testing.js';

describe.each(STORE_ADAPTERS)('cache store contract (%s)', (_name, make) => {
  const adapter = make();
  const store: CacheStore = adapter;
  beforeAll(() => connected(adapter));
  afterAll(() => store.close());

  it('gets, sets and expires strings', async () => {
    await store.set('a', '1');
    // A TTL long enough that a loaded machine still reads the key before it goes.
    await store.set('b', '2', 1000);
    expect(await store.mget(['a', 'b', 'missing'])).toEqual(['1', '2', null]);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.mget(['b'])).toEqual([null]);
  });

  it('counts versions with incr, each key on its own', async () => {
    expect(await store.incr('n')).toBe(1);
    expect(await store.incr('n')).toBe(2);
    expect(await store.incr('m')).toBe(1);
    expect(await store.mget(['n', 'm'])).toEqual(['2', '1']);
  });
});
