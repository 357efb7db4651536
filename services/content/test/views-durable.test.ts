import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { bucketField, RedisViewStore, ViewCounter, ViewsRepository } from '@coinmag/views';
import { RedisStore } from '../src/cache/redis-store.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

const silent = createLogger('test', process.env.DEBUG_VIEWS ? 'debug' : 'silent');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let readers = 0;
const readerHeaders = (reader = (readers += 1)) => ({
  'x-forwarded-for': `10.${(reader >> 16) & 255}.${(reader >> 8) & 255}.${reader & 255}`,
  'user-agent': `reader-${reader}`,
});

/** Waits for a store's connection (it refuses commands until connected). */
async function connected(...stores: RedisViewStore[]) {
  for (const store of stores) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await store.ping();
        break;
      } catch (err) {
        if (attempt > 50) throw err;
        await sleep(20);
      }
    }
  }
}

const viewCount = async (api: ContentHarness, slug: string) => Number((await api.db('articles').where({ slug }).first('view_count')).view_count);
/** An article's views in its hourly buckets, per source kind, host and device ('kind host device' → views). */
async function bucketsOf(api: ContentHarness, slug: string): Promise<Record<string, number>> {
  const rows = await api.db('view_hours').join('articles', 'articles.id', 'view_hours.article_id').where('articles.slug', slug)
    .select('source_kind', 'host', 'device').sum({ views: 'views' }).groupBy('source_kind', 'host', 'device');
  return Object.fromEntries((rows as Array<{ source_kind: string; host: string; device: string; views: string }>).map((row) => [`${row.source_kind} ${row.host} ${row.device}`, Number(row.views)]));
}
const total = (buckets: Record<string, number>) => Object.values(buckets).reduce((sum, n) => sum + n, 0);
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('views answered 200 survive the death of Redis', () => {
  let redis: PrivateRedis;
  let api: ContentHarness;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    api = await startContent({
      store: new RedisStore({ url: redis.url, prefix: 'durable:', commandTimeoutMs: 100 }),
      // As createStores makes it: auto-pipelined.
      counterStore: RedisViewStore.open({ url: redis.url, prefix: 'durable:', commandTimeoutMs: 500, autoPipelining: true }),
    });
    await insertArticle(api.db, { slug: 'under-load' });
  });
  afterAll(async () => {
    await api.close();
    await redis.stop();
  });

  it('puts every accepted view in Postgres when Redis is killed mid-load', async () => {
    const before = await viewCount(api, 'under-load');
    let accepted = 0;
    let failed = 0;
    const expected: Record<string, number> = {};
    let sent = 0;
    const send = async () => {
      // Every third from a search engine on a phone, the rest direct from a desktop.
      const searched = (sent += 1) % 3 === 0;
      const headers = { ...readerHeaders(), ...(searched ? { 'user-agent': `${IPHONE} reader-${readers}` } : {}) };
      const res = await fetch(`${api.url}/api/articles/under-load/views?pv=${randomUUID()}${searched ? '&r=www.google.com.tw' : ''}`, { method: 'POST', headers }).catch(() => null);
      if (res?.status === 200 && ((await res.json()) as { counted: boolean }).counted) {
        accepted += 1;
        const key = searched ? 'search www.google.com.tw phone' : 'direct  desktop';
        expected[key] = (expected[key] ?? 0) + 1;
      } else if (res?.status !== 200) failed += 1;
    };
    const load = (async () => {
      for (let wave = 0; wave < 30; wave += 1) {
        await Promise.all(Array.from({ length: 20 }, send));
        if (wave % 8 === 0) await api.content.views.flush().catch(() => {});
      }
    })();
    await sleep(300);
    await redis.stop(); // SIGKILL: whatever Redis held since the last flush is gone with it
    await load;
    await api.content.views.flush();
    expect(accepted).toBeGreaterThan(300);
    expect(await viewCount(api, 'under-load')).toBe(before + accepted);
    expect(failed).toBe(0);
    // Every counted view in its bucket, none twice, across the outage (some in Postgres at once, some held).
    expect(await bucketsOf(api, 'under-load')).toEqual(expected);
  }, 90_000);
});

describe('views survive the death of the content process', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { slug: 'orphaned' });
  });
  afterAll(() => api.close());

  it('applies a dead process\'s batch from Redis once, and a process that was only stalled adds nothing twice', async () => {
    const prefix = `cm-durable:${randomUUID()}:`;
    const id = (await api.db('articles').where({ slug: 'orphaned' }).first('id')).id as number;
    const before = await viewCount(api, 'orphaned');
    const stalledStore = RedisViewStore.open({ url: REDIS_URL, prefix });
    const stalled = new ViewCounter(stalledStore, new ViewsRepository(api.db), silent, 1000);
    const survivorStore = RedisViewStore.open({ url: REDIS_URL, prefix });
    const survivor = new ViewCounter(survivorStore, new ViewsRepository(api.db), silent, 1000);
    await connected(stalledStore, survivorStore);
    await stalled.flush(); // a batch opened now, not when the store began connecting
    const bucketsBefore = total(await bucketsOf(api, 'orphaned'));
    const bucket = bucketField(id, Date.now(), 'social', 'phone', 't.me');
    await Promise.all(Array.from({ length: 300 }, () => stalled.record(id, bucket)));
    // The first process stops flushing (killed, or stalled); the other finds its batch in Redis.
    expect(await survivor.flush()).toBe(0);
    await sleep(1100);
    expect(await survivor.flush()).toBe(300);
    expect(await viewCount(api, 'orphaned')).toBe(before + 300);
    expect(total(await bucketsOf(api, 'orphaned'))).toBe(bucketsBefore + 300);
    // The stalled one comes back and flushes what it held: nothing is added twice.
    await Promise.all(Array.from({ length: 7 }, () => stalled.record(id, bucket)));
    expect(await stalled.flush()).toBe(7);
    expect(await viewCount(api, 'orphaned')).toBe(before + 307);
    expect(total(await bucketsOf(api, 'orphaned'))).toBe(bucketsBefore + 307);
    expect(await survivor.pendingTotal()).toBe(0);
    await Promise.all([stalledStore.close(), survivorStore.close()]);
  });

  it('keeps a view its process counted while Redis lost it (partial copy), adding only the difference', async () => {
    const prefix = `cm-durable:${randomUUID()}:`;
    const id = (await api.db('articles').where({ slug: 'orphaned' }).first('id')).id as number;
    const before = await viewCount(api, 'orphaned');
    const store = RedisViewStore.open({ url: REDIS_URL, prefix });
    const owner = new ViewCounter(store, new ViewsRepository(api.db), silent, 100);
    const otherStore = RedisViewStore.open({ url: REDIS_URL, prefix });
    const other = new ViewCounter(otherStore, new ViewsRepository(api.db), silent, 100);
    await connected(store, otherStore);
    const bucketsBefore = total(await bucketsOf(api, 'orphaned'));
    const bucket = bucketField(id, Date.now(), 'direct', 'tablet', '');
    await Promise.all(Array.from({ length: 50 }, () => owner.record(id, bucket)));
    // Redis loses part of the batch (a failover to a lagging replica, say).
    const [batch] = await store.smembers('views:batches');
    await store.hincrbyRegistered('views:batches', batch!, [String(id), bucket], -20);
    await sleep(150);
    expect(await other.flush()).toBe(30); // only what Redis still had
    expect(await owner.flush()).toBe(20); // the owner tops it up from its own count
    expect(await viewCount(api, 'orphaned')).toBe(before + 50);
    expect(total(await bucketsOf(api, 'orphaned'))).toBe(bucketsBefore + 50);
    await Promise.all([store.close(), otherStore.close()]);
  });
});

describe('one view per page view and per reader; a script cannot push an article', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
    for (const slug of ['read-a', 'read-b', 'read-c', 'pushed', 'exact']) await insertArticle(api.db, { slug });
    await api.db('articles').update({ view_count: 0, is_popular: false });
  });
  afterAll(() => api.close());

  const post = (slug: string, headers: Record<string, string>, pv?: string) =>
    api.get(`/api/articles/${slug}/views${pv ? `?pv=${pv}` : ''}`, { method: 'POST', headers });

  it('counts a retried beacon of the same page view once', async () => {
    const pv = randomUUID();
    const first = await post('exact', readerHeaders(), pv);
    const retry = await post('exact', readerHeaders(), pv); // even from another address (a network change)
    expect(first.body).toEqual({ view_count: 1, counted: true });
    // Its first answer may never have reached the reader (a gateway killed mid-answer): counted, once.
    expect(retry.body).toEqual({ view_count: 1, counted: true });
    expect((await post('exact', readerHeaders(), 'not-a-uuid')).status).toBe(400);
  });

  it('counts a reader once per article per window, every distinct reader exactly once', async () => {
    const reader = (readers += 1);
    expect((await post('exact', readerHeaders(reader), randomUUID())).body.counted).toBe(true);
    expect((await post('exact', readerHeaders(reader), randomUUID())).body.counted).toBe(false);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post('exact', readerHeaders(), randomUUID())));
    expect(answers.every((a) => a.status === 200 && a.body.counted)).toBe(true);
    await api.content.views.flush();
    expect(await viewCount(api, 'exact')).toBe(1 + 1 + 40);
  });

  it('keeps 500 beacons in a second from one address out of the popular list', async () => {
    // Real readers, more of them than the 42 of 'exact' above.
    for (const [slug, count] of [['read-a', 60], ['read-b', 55], ['read-c', 50]] as const) {
      await Promise.all(Array.from({ length: count }, () => post(slug, readerHeaders(), randomUUID())));
    }
    const script = await Promise.all(
      Array.from({ length: 500 }, (_, i) => post('pushed', { 'x-forwarded-for': '203.0.113.9', 'user-agent': `bot-${i}` }, randomUUID())),
    );
    expect(script.every((answer) => answer.status === 200)).toBe(true);
    expect(script.filter((answer) => answer.body.counted).length).toBeLessThanOrEqual(20);
    await api.content.cache.reset();
    const popular = (await api.get('/api/articles/popular?limit=3')).body.map((a: { slug: string }) => a.slug);
    expect(popular).toEqual(['read-a', 'read-b', 'read-c']);
    await api.content.views.flush();
    expect(await viewCount(api, 'read-a')).toBe(60);
    expect(await viewCount(api, 'pushed')).toBeLessThanOrEqual(20);
  });
});
