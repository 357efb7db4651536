import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeys } from '@coinmag/service-kit';
import { MemoryViewStore } from './memory-view-store.js';
import { RedisViewStore } from './redis-view-store.js';
import type { ViewStore } from './view-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Both adapters: the in-process default and Redis (also auto-pipelined, as the content service opens it). */
const STORE_ADAPTERS: Array<[string, () => MemoryViewStore | RedisViewStore]> = [
  ['memory', () => new MemoryViewStore()],
  ['redis', () => RedisViewStore.open({ url: REDIS_URL, prefix: `cm-test:${randomUUID()}:` })],
  ['redis, auto-pipelined', () => RedisViewStore.open({ url: REDIS_URL, prefix: `cm-test:${randomUUID()}:`, autoPipelining: true })],
];

/** The Redis adapter refuses commands until connected (no offline queue): resolves once it answers. */
async function connected(store: ViewStore) {
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

describe.each(STORE_ADAPTERS)('view store contract (%s)', (_name, make) => {
  const adapter = make();
  const store: ViewStore = adapter;
  beforeAll(() => connected(adapter));
  afterAll(() => store.close());

  it('sets only when absent', async () => {
    expect(await store.setIfAbsent('lock', 'x', 1000)).toBe(true);
    expect(await store.setIfAbsent('lock', 'y', 1000)).toBe(false);
    expect(await store.mget(['lock'])).toEqual(['x']);
  });

  it('counts into a hash and registers it in one call', async () => {
    await store.hincrbyRegistered('reg', 'counted', ['3'], 2);
    await store.hincrbyRegistered('reg', 'counted', ['3'], 1);
    expect(await store.smembers('reg')).toEqual(['counted']);
    expect(await store.hgetall('counted')).toEqual({ '3': '3' });
  });

  it('admits in one call: rate, then each once-key, then the cap; a failed check leaves the later ones alone', async () => {
    const check = (once: string[], rateLimit = 3, capLimit = 2) => ({
      rate: { key: 'adm:rate', ttlMs: 60_000, limit: rateLimit },
      once,
      onceTtlMs: 60_000,
      cap: { key: 'adm:cap', ttlMs: 60_000, limit: capLimit },
    });
    expect(await store.admit(check(['adm:pv1', 'adm:reader1']))).toBe('pass');
    expect(await store.admit(check(['adm:pv1', 'adm:reader2']))).toBe('repeat');
    // The repeat stopped at the first once-key: the second was not taken, the cap not counted.
    expect(await store.admit(check(['adm:reader2']))).toBe('pass');
    expect(await store.mget(['adm:cap'])).toEqual(['2']);
    expect(await store.admit(check(['adm:reader3']))).toBe('limited');
    expect(await store.mget(['adm:rate', 'adm:cap', 'adm:reader3'])).toEqual(['4', '2', null]);
    expect(await store.admit(check(['adm:reader4'], 10))).toBe('limited');
    expect(await store.mget(['adm:cap', 'adm:reader4'])).toEqual(['3', '1']);
  });

  it('takes a beacon in one call: nothing when the stamp moved, else admission, count, ranking and a count never lower than shown before', async () => {
    const op = (expected: string[], once: string[], rateLimit = 10, base = 100) => ({
      stamp: { keys: ['bc:v1', 'bc:v2'], expected },
      admission: { rate: { key: 'bc:rate', ttlMs: 60_000, limit: rateLimit }, once, onceTtlMs: 60_000, cap: { key: 'bc:cap', ttlMs: 60_000, limit: 10 } },
      count: { registry: 'bc:reg', batch: 'bc:batch-b', field: '7', bucket: 'b|1|7|direct|phone|' },
      ranking: { key: 'bc:rank', ttlMs: 60_000 },
      shown: { key: 'bc:shown', base, ttlMs: 60_000 },
    });
    await store.hincrbyRegistered('bc:reg', 'bc:batch-a', ['7'], 4);
    await adapter.set('bc:v2', '3');
    expect(await store.beacon(op(['0', '2'], ['bc:pv1']))).toEqual({ decision: 'stale', stamp: ['0', '3'] });
    // A moved stamp did nothing: no rate counted, no once-key taken, no view.
    expect(await store.mget(['bc:rate', 'bc:pv1'])).toEqual([null, null]);
    // Postgres's figure plus the pending views of every batch (4 + this one).
    expect(await store.beacon(op(['0', '3'], ['bc:pv1']))).toEqual({ decision: 'pass', count: 105 });
    expect(await store.beacon(op(['0', '3'], ['bc:pv1']))).toEqual({ decision: 'repeat', count: 105 });
    // An older figure from Postgres (another replica flushed meanwhile) never shows a lower count.
    expect(await store.beacon(op(['0', '3'], ['bc:pv2'], 2, 90))).toEqual({ decision: 'limited', count: 105 });
    expect(await store.beacon(op(['0', '3'], ['bc:pv1'], 10, 200))).toEqual({ decision: 'repeat', count: 205 });
    expect(await store.smembers('bc:reg')).toEqual(expect.arrayContaining(['bc:batch-a', 'bc:batch-b']));
    // The view's bucket counted beside its article, in the same hash.
    expect(await store.hgetall('bc:batch-b')).toEqual({ '7': '1', 'b|1|7|direct|phone|': '1' });
    expect(await store.zunionTop(['bc:rank'], [1], 5)).toEqual([{ member: '7', score: 1 }]);
  });

  it('answers a page view sent again once counted as a replay, counted once; a new page view of the same reader is a repeat', async () => {
    const op = (pv: string, reader = 'one') => ({
      stamp: { keys: ['rp:v'], expected: ['0'] },
      admission: { rate: { key: 'rp:rate', ttlMs: 60_000, limit: 10 }, once: [`rp:pv:${pv}`, `rp:reader:${reader}`], pageViewKey: `rp:pv:${pv}`, onceTtlMs: 60_000, cap: { key: 'rp:cap', ttlMs: 60_000, limit: 10 } },
      count: { registry: 'rp:reg', batch: 'rp:batch', field: '3', bucket: 'b|1|3|site|desktop|example.com' },
      ranking: { key: 'rp:rank', ttlMs: 60_000 },
      shown: { key: 'rp:shown', base: 20, ttlMs: 60_000 },
    });
    expect(await store.beacon(op('a'))).toEqual({ decision: 'pass', count: 21 });
    // The same page view again (a resend after a gateway died before answering): counted, not twice.
    expect(await store.beacon(op('a'))).toEqual({ decision: 'replay', count: 21 });
    // The same reader's next page view of the article within the window: not counted.
    expect(await store.beacon(op('b'))).toEqual({ decision: 'repeat', count: 21 });
    // A page view refused by the reader check is no replay when sent again.
    expect(await store.beacon(op('b'))).toEqual({ decision: 'repeat', count: 21 });
    expect(await store.hgetall('rp:batch')).toEqual({ '3': '1', 'b|1|3|site|desktop|example.com': '1' });
    // Another reader's page view sent twice at once: counted by the first, a replay for the second.
    expect(await Promise.all([store.beacon(op('c', 'two')), store.beacon(op('c', 'two'))])).toEqual([
      { decision: 'pass', count: 22 },
      { decision: 'replay', count: 22 },
    ]);
    expect(await store.hgetall('rp:batch')).toEqual({ '3': '2', 'b|1|3|site|desktop|example.com': '2' });
  });

  it('decides beacons sent at once each in turn, as if sent one by one', async () => {
    const op = (expected: string, once: string[], field: string) => ({
      stamp: { keys: ['bt:v'], expected: [expected] },
      admission: { rate: { key: 'bt:rate', ttlMs: 60_000, limit: 5 }, once, onceTtlMs: 60_000, cap: { key: 'bt:cap', ttlMs: 60_000, limit: 10 } },
      count: { registry: 'bt:reg', batch: 'bt:batch', field, bucket: `b|1|${field}|direct|${field === '1' ? 'phone' : 'desktop'}|` },
      ranking: { key: 'bt:rank', ttlMs: 60_000 },
      shown: { key: `bt:shown:${field}`, base: 10, ttlMs: 60_000 },
    });
    const outcomes = await Promise.all([
      store.beacon(op('0', ['bt:pv1'], '1')),
      store.beacon(op('0', ['bt:pv1'], '1')),
      store.beacon(op('9', ['bt:pv2'], '1')),
      store.beacon(op('0', ['bt:pv3'], '2')),
      store.beacon(op('0', ['bt:pv4'], '1')),
      store.beacon(op('0', ['bt:pv5'], '1')),
      store.beacon(op('0', ['bt:pv6'], '1')),
    ]);
    expect(outcomes).toEqual([
      { decision: 'pass', count: 11 },
      { decision: 'repeat', count: 11 },
      { decision: 'stale', stamp: ['0'] },
      { decision: 'pass', count: 11 },
      { decision: 'pass', count: 12 },
      { decision: 'pass', count: 13 },
      // The sixth beacon of the minute from one address (the stale one was not counted): over the rate of 5.
      { decision: 'limited', count: 13 },
    ]);
    // Each beacon's bucket beside its article's field (the per-beacon arguments of one call kept apart).
    expect(await store.hgetall('bt:batch')).toEqual({ '1': '3', '2': '1', 'b|1|1|direct|phone|': '3', 'b|1|2|direct|desktop|': '1' });
  });

  it('sums fields over every hash a registry lists, in one call', async () => {
    expect(await store.sumRegistered('sum:reg', ['1', '2'])).toEqual([0, 0]);
    await store.hincrbyRegistered('sum:reg', 'sum:a', ['1'], 2);
    await store.hincrbyRegistered('sum:reg', 'sum:b', ['1'], 3);
    await store.hincrbyRegistered('sum:reg', 'sum:b', ['2'], 5);
    expect(await store.sumRegistered('sum:reg', ['1', '2', '3'])).toEqual([5, 5, 0]);
    expect(await store.sumRegistered('sum:reg', [])).toEqual([]);
  });

  it('adds to a sorted set and sets its expiry in one call', async () => {
    await store.zincrbyExpiring('z:exp', 2, 'm', 60);
    await store.zincrbyExpiring('z:exp', 1, 'm', 60);
    expect(await store.zunionTop(['z:exp'], [1], 5)).toEqual([{ member: 'm', score: 3 }]);
    await new Promise((r) => setTimeout(r, 90));
    expect(await store.zunionTop(['z:exp'], [1], 5)).toEqual([]);
  });

  it('keeps sets and deletes keys', async () => {
    await store.sadd('s', 'a');
    await store.sadd('s', 'b');
    await store.srem('s', 'a');
    expect(await store.smembers('s')).toEqual(['b']);
    await store.del(['s']);
    expect(await store.smembers('s')).toEqual([]);
  });

  it('unions weighted sorted sets, highest first', async () => {
    await store.zincrbyExpiring('day1', 5, 'x', 60_000);
    await store.zincrbyExpiring('day1', 1, 'y', 60_000);
    await store.zincrbyExpiring('day2', 10, 'y', 60_000);
    expect(await store.zunionTop(['day1', 'day2', 'empty'], [1, 0.5, 1], 5)).toEqual([
      { member: 'y', score: 6 },
      { member: 'x', score: 5 },
    ]);
    expect(await store.zunionTop(['day1', 'day2'], [1, 0.5], 1)).toHaveLength(1);
  });
});

describe('a bounded memory store (the fallback while Redis is unreachable)', () => {
  it('drops the oldest keys past its bound', async () => {
    const store = new MemoryViewStore(new MemoryKeys(2));
    await store.set('a', '1');
    await store.set('b', '1');
    await store.hincrbyRegistered('r', 'c', ['x'], 1);
    // Three keys written after 'a' ('b', 'r', 'c'): only the newest two are kept.
    expect(await store.mget(['a', 'b'])).toEqual([null, null]);
    expect(await store.hgetall('c')).toEqual({ x: '1' });
    expect(await store.smembers('r')).toEqual(['c']);
  });
});
