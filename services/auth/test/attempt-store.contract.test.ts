import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptStore } from '../src/rate-limit/attempt-store.js';
import { MemoryAttemptStore } from '../src/rate-limit/memory-attempt-store.js';
import { RedisAttemptStore } from '../src/rate-limit/redis-attempt-store.js';
import { deleteRedisPrefix, REDIS_TEST_URL } from './auth-test-app.js';

const redis = new Redis(REDIS_TEST_URL);
const redisPrefix = `cm_test:attempts:${randomUUID()}:`;
afterAll(async () => {
  await deleteRedisPrefix(redis, redisPrefix);
  await redis.quit();
});

const adapters: Array<[string, () => AttemptStore]> = [
  ['in-process', () => new MemoryAttemptStore()],
  ['redis', () => new RedisAttemptStore(redis, redisPrefix)],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(adapters)('AttemptStore contract: %s adapter', (_name, makeStore) => {
  let store: AttemptStore;
  let key: string;
  beforeEach(() => {
    store = makeStore();
    key = `k-${randomUUID()}`;
  });

  it('counts hits within one window and reports the time left', async () => {
    expect((await store.hit(key, 60_000)).count).toBe(1);
    expect((await store.hit(key, 60_000)).count).toBe(2);
    const third = await store.hit(key, 60_000);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(55_000);
    expect(third.resetInMs).toBeLessThanOrEqual(60_000);
  });

  it('keeps keys apart', async () => {
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    expect((await store.hit(`${key}-other`, 60_000)).count).toBe(1);
  });

  it('does not stretch the window with later hits', async () => {
    await store.hit(key, 1500);
    await sleep(400);
    const later = await store.hit(key, 1500);
    expect(later.count).toBe(2);
    expect(later.resetInMs).toBeLessThanOrEqual(1110);
  });

  it('starts counting again once the window has ended', async () => {
    await store.hit(key, 100);
    await store.hit(key, 100);
    await sleep(180);
    const fresh = await store.hit(key, 60_000);
    expect(fresh.count).toBe(1);
    expect(fresh.resetInMs).toBeGreaterThan(55_000);
  });

  it('undo takes back one hit and never goes below zero', async () => {
    await store.undo(key);
    expect((await store.hit(key, 60_000)).count).toBe(1);
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    await store.undo(key);
    expect((await store.hit(key, 60_000)).count).toBe(3);
    await store.undo(key);
    await store.undo(key);
    await store.undo(key);
    await store.undo(key);
    expect((await store.hit(key, 60_000)).count).toBe(1);
  });

  it('undo keeps the end of the window', async () => {
    await store.hit(key, 1500);
    await store.hit(key, 1500);
    await sleep(400);
    await store.undo(key);
    const after = await store.hit(key, 1500);
    expect(after.count).toBe(2);
    expect(after.resetInMs).toBeLessThanOrEqual(1110);
  });

  it('clear forgets the key', async () => {
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    await store.clear(key);
    expect((await store.hit(key, 60_000)).count).toBe(1);
  });

  it('counts every one of many parallel hits', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => store.hit(key, 60_000)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => n + 1));
  });
});
