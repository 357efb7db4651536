import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { bucketField, DEVICE_CLASSES, RedisViewStore, ViewCounter, ViewsRepository } from '@coinmag/views';
import { PublishScheduler } from '../src/jobs/publish-scheduler.js';
import { ScheduledRepository } from '../src/jobs/scheduled.repository.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const silent = createLogger('test', 'silent');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let readers = 0;
/** A beacon from reader number `reader` (an address and a browser of its own; a new reader unless given). */
function beacon(api: ContentHarness, slug: string, reader = (readers += 1)) {
  const address = `10.${(reader >> 16) & 255}.${(reader >> 8) & 255}.${reader & 255}`;
  return api.get(`/api/articles/${slug}/views`, { method: 'POST', headers: { 'x-forwarded-for': address, 'user-agent': `reader-${reader}` } });
}

describe('view counts', () => {
  let api: ContentHarness;
  const slugs = ['v-a', 'v-b', 'v-c', 'v-d', 'v-e'];

  beforeAll(async () => {
    api = await startContent();
    for (const slug of slugs) await insertArticle(api.db, { slug });
    await api.db('articles').update({ view_count: 0 });
  });
  afterAll(() => api.close());

  const dbTotal = async () => Number((await api.db('articles').sum<{ total: number }[]>({ total: 'view_count' }).first())?.total ?? 0);
  const bucketTotal = async () => Number((await api.db('view_hours').sum<{ total: number }[]>({ total: 'views' }).first())?.total ?? 0);

  it('loses and doubles nothing across 5,000 concurrent views, two replicas flushing and flushes killed half-way', async () => {
    const prefix = `cm-views:${randomUUID()}:`;
    // Two replicas: separate connections and counters on the same Redis and Postgres.
    const replicaA = new ViewCounter(RedisViewStore.open({ url: REDIS_URL, prefix }), new ViewsRepository(api.db), silent, 300);
    const replicaB = new ViewCounter(RedisViewStore.open({ url: REDIS_URL, prefix }), new ViewsRepository(api.db), silent, 300);
    const ids = (await api.db('articles').whereIn('slug', slugs).select('id')).map((row: { id: number }) => row.id);

    let killedAfterSnapshot = 0;
    let killedAfterCommit = 0;
    const flushes: Array<Promise<unknown>> = [];
    for (let batch = 0; batch < 50; batch += 1) {
      await Promise.all(Array.from({ length: 100 }, (_, i) => {
        const id = ids[(batch + i) % ids.length]!;
        return (i % 2 ? replicaA : replicaB).record(id, bucketField(id, Date.now(), i % 3 ? 'direct' : 'social', DEVICE_CLASSES[i % 3]!, i % 3 ? '' : 't.me'));
      }));
      if (batch === 10) flushes.push(replicaA.flush({ afterSnapshot: () => { killedAfterSnapshot += 1; throw new Error('killed'); } }).catch(() => {}));
      else if (batch === 25) flushes.push(replicaB.flush({ afterCommit: () => { killedAfterCommit += 1; throw new Error('killed'); } }).catch(() => {}));
      else if (batch % 5 === 0) flushes.push(replicaA.flush(), replicaB.flush());
    }
    await Promise.all(flushes);
    expect(killedAfterSnapshot).toBe(1);
    expect(killedAfterCommit).toBe(1);
    // Nothing is lost meanwhile: Postgres plus what is still pending covers every view (the
    // snapshot whose flush died after its commit is still listed, so it may show twice until finished).
    const pendingNow = [...(await replicaA.pendingFor(ids)).values()].reduce((a, b) => a + b, 0);
    expect(await dbTotal() + pendingNow).toBeGreaterThanOrEqual(5000);

    await sleep(400); // the killed flushes' snapshots are now orphans anyone may finish
    await Promise.all([replicaA.flush(), replicaB.flush()]);
    expect(await dbTotal()).toBe(5000);
    // Every view in exactly one hourly bucket, applied once like the counts.
    expect(await bucketTotal()).toBe(5000);
    const byDevice = await api.db('view_hours').select('device').sum({ views: 'views' }).groupBy('device');
    expect(Object.fromEntries((byDevice as Array<{ device: string; views: string }>).map((row) => [row.device, Number(row.views)]))).toEqual({ phone: 1700, tablet: 1650, desktop: 1650 });
    expect(await replicaA.pendingTotal()).toBe(0);
  });

  it('answers each beacon with the live count, never touching the cached bodies, which show it once rebuilt', async () => {
    const first = await api.get('/api/articles/v-a');
    const before = first.body.view_count;
    const listEtag = (await api.get('/api/articles?limit=100')).headers.get('etag');
    for (let i = 1; i <= 3; i += 1) {
      const answer = await beacon(api, 'v-a');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({ view_count: before + i, counted: true });
    }
    // Views change no cached body: the same bytes, the same ETag.
    const again = await api.get('/api/articles/v-a');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.body.view_count).toBe(before);
    expect((await api.get('/api/articles?limit=100')).headers.get('etag')).toBe(listEtag);
    await api.content.views.flush();
    expect((await api.db('articles').where({ slug: 'v-a' }).first('view_count')).view_count).toBe(before + 3);
    expect((await beacon(api, 'v-a', 1)).body).toEqual({ view_count: before + 3, counted: false });
    await api.content.cache.reset(); // what the 30-second rebuild does
    expect((await api.get('/api/articles/v-a')).body.view_count).toBe(before + 3);
    const listed = (await api.get('/api/articles?limit=100')).body.articles.find((a: { slug: string }) => a.slug === 'v-a');
    expect(listed.view_count).toBe(before + 3);
  });

  it('ranks popular by what the admin marks, then by recent views', async () => {
    await api.db('articles').where({ slug: 'v-e' }).update({ is_popular: true });
    await api.content.cache.reset();
    for (let i = 0; i < 5; i += 1) await beacon(api, 'v-c');
    // v-a already has 3 recent views from the test above; v-d gets 4, v-c 5.
    for (let i = 0; i < 4; i += 1) await beacon(api, 'v-d');
    await api.content.cache.reset();
    const popular = (await api.get('/api/articles/popular?limit=3')).body.map((a: { slug: string }) => a.slug);
    expect(popular).toEqual(['v-e', 'v-c', 'v-d']);
  });
});

describe('scheduled publishing', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
  });
  afterAll(() => api.close());

  it('publishes each due article exactly once when two schedulers race', async () => {
    const past = new Date(Date.now() - 60_000);
    for (let i = 0; i < 20; i += 1) await insertArticle(api.db, { slug: `race-${i}`, status: 'scheduled', published_at: past });
    const published: string[] = [];
    const make = () => new PublishScheduler(new ScheduledRepository(api.db), async (rows) => void published.push(...rows.map((r) => r.slug)), silent);
    const [a, b] = [make(), make()];
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(published.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `race-${i}`).sort());
    expect(await api.db('articles').where('slug', 'like', 'race-%').where({ status: 'published' }).count<{ count: number }[]>({ count: '*' }).first()).toEqual({ count: 20 });
  });

  it('makes a scheduled article public at its time, with no request needed, and not before', async () => {
    const at = new Date(Date.now() + 1500);
    const { slug } = await insertArticle(api.db, { slug: 'on-time', status: 'scheduled', published_at: at });
    await api.get('/api/articles?limit=100'); // a cached list that must not hide it later
    api.content.scheduler.start();
    try {
      expect((await api.get(`/api/articles/${slug}`)).status).toBe(404);
      while (Date.now() < at.getTime() + 1500) {
        if ((await api.db('articles').where({ slug }).first('status')).status === 'published') break;
        await sleep(50);
      }
      const row = await api.db('articles').where({ slug }).first('status', 'updated_at');
      expect(row.status).toBe('published');
      expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(at.getTime() - 50);
      expect(row.updated_at.getTime()).toBeLessThan(at.getTime() + 1200);
      expect((await api.get(`/api/articles/${slug}`)).status).toBe(200);
      expect((await api.get('/api/articles?limit=100')).body.articles.map((a: { slug: string }) => a.slug)).toContain(slug);
    } finally {
      api.content.scheduler.stop();
    }
  });

  it('catches up after downtime: what came due while stopped is published on the first tick', async () => {
    const { slug } = await insertArticle(api.db, { slug: 'missed', status: 'scheduled', published_at: new Date(Date.now() - 3_600_000) });
    const restarted = new PublishScheduler(new ScheduledRepository(api.db), () => api.content.cache.invalidate(['articles']), silent);
    expect((await restarted.tick()).map((row) => row.slug)).toEqual([slug]);
    expect((await api.get(`/api/articles/${slug}`)).status).toBe(200);
  });
});
