import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { createTestSigningKeys } from '@coinmag/service-kit/testing';
import { createContentApp, type ContentApp } from '../src/app.js';
import { MediaServiceCoverStore } from '../src/articles/cover-store.js';
import type { ViewStore } from '@coinmag/views';
import { RedisStore } from '../src/cache/redis-store.js';
import { viewStoreBeside } from '../src/stores.js';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';

// A beacon reads no article row: the slug is looked up in the process, and its script counts only
// while the article versions it was read under hold. Two replicas share Postgres and Redis here.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let readers = 0;
async function beacon(url: string, slug: string, reader = (readers += 1)): Promise<{ status: number; body: { view_count: number; counted: boolean } }> {
  const res = await fetch(`${url}/api/articles/${encodeURIComponent(slug)}/views?pv=${randomUUID()}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': `10.9.${(reader >> 8) & 255}.${reader & 255}`, 'user-agent': `reader-${reader}` },
  });
  return { status: res.status, body: await res.json() };
}

describe('beacons without a Postgres read, exact across replicas', () => {
  const prefix = `cm-beacon:${randomUUID()}:`;
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let replica: { content: ContentApp; server: Server; store: RedisStore; views: ViewStore; url: string };

  beforeAll(async () => {
    api = await startContent({ store: new RedisStore({ url: REDIS_URL, prefix, commandTimeoutMs: 1000 }) });
    admin = adminClient(api);
    const store = new RedisStore({ url: REDIS_URL, prefix, commandTimeoutMs: 1000 });
    const views = viewStoreBeside(store);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await store.ping();
        await views.ping();
        break;
      } catch (err) {
        if (attempt > 100) throw err;
        await sleep(50);
      }
    }
    const content = createContentApp({
      db: api.db, store, counterStore: views, log: createLogger('content-test', 'silent'), publicKey: createTestSigningKeys().publicKey, covers: new MediaServiceCoverStore('http://127.0.0.1:9'),
    });
    const server: Server = await new Promise((resolve) => {
      const s = content.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    replica = { content, server, store, views, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    replica?.server.closeAllConnections();
    await new Promise((resolve) => replica?.server.close(resolve));
    await replica?.content.bodies.close();
    await replica?.store.close();
    await replica?.views.close();
    await api?.close();
  });

  /** Postgres queries run while `work` runs (both replicas share the pool). */
  const queriesDuring = async (work: () => Promise<unknown>) => {
    let queries = 0;
    const count = () => (queries += 1);
    api.db.on('query', count);
    try {
      await work();
    } finally {
      api.db.off('query', count);
    }
    return queries;
  };

  it('counts a known article with no Postgres query', async () => {
    const { body } = await admin.createArticle(articleFields({ title: '不讀資料列' }));
    await beacon(replica.url, body.slug);
    const queries = await queriesDuring(async () => {
      for (let i = 0; i < 5; i += 1) expect((await beacon(replica.url, body.slug)).body.counted).toBe(true);
    });
    expect(queries).toBe(0);
  });

  it('stops counting an unpublished article at once, on the replica that wrote and on another', async () => {
    const { body } = await admin.createArticle(articleFields({ title: '即將下架' }));
    // Both replicas know the slug.
    expect((await beacon(replica.url, body.slug)).status).toBe(200);
    expect((await beacon(api.url, body.slug)).status).toBe(200);
    const pending = async () => (await api.content.views.pendingFor([body.id])).get(body.id) ?? 0;
    const before = await pending();
    expect(before).toBe(2);

    expect((await admin.updateArticle(body.id, articleFields({ title: '即將下架', status: 'draft' }))).status).toBe(200);
    expect((await beacon(replica.url, body.slug)).status).toBe(404);
    expect((await beacon(api.url, body.slug)).status).toBe(404);
    expect(await pending()).toBe(before);

    // Published again: it counts again.
    await admin.updateArticle(body.id, articleFields({ title: '即將下架', status: 'published' }));
    expect((await beacon(replica.url, body.slug)).body.counted).toBe(true);
  });

  it('stops counting under an old slug at once after a rename, and counts under the new one', async () => {
    const { body } = await admin.createArticle(articleFields({ title: '改名之前', slug: 'before-rename' }));
    expect((await beacon(replica.url, 'before-rename')).status).toBe(200);
    await admin.updateArticle(body.id, articleFields({ title: '改名之前', slug: 'after-rename' }));
    expect((await beacon(replica.url, 'before-rename')).status).toBe(404);
    const renamed = await beacon(replica.url, 'after-rename');
    expect(renamed.status).toBe(200);
    expect(renamed.body.counted).toBe(true);
  });

  it('stops counting a deleted article at once on another replica', async () => {
    const { body } = await admin.createArticle(articleFields({ title: '即將刪除' }));
    expect((await beacon(replica.url, body.slug)).status).toBe(200);
    await admin.deleteArticle(body.id);
    expect((await beacon(replica.url, body.slug)).status).toBe(404);
  });

  it('answers counts that never go down while another replica flushes, and the exact count once its figure is renewed', async () => {
    const { body } = await admin.createArticle(articleFields({ title: '只增不減' }));
    const answers: number[] = [];
    const first = await beacon(replica.url, body.slug);
    answers.push(first.body.view_count);
    // The other replica counts five views and moves them into Postgres: this replica's figure from Postgres is now old.
    for (let i = 0; i < 5; i += 1) answers.push((await beacon(api.url, body.slug)).body.view_count);
    await api.content.views.flush();
    const repeatReader = readers;
    answers.push((await beacon(replica.url, body.slug, repeatReader)).body.view_count);
    answers.push((await beacon(replica.url, body.slug, repeatReader)).body.view_count);
    for (let i = 1; i < answers.length; i += 1) expect(answers[i]).toBeGreaterThanOrEqual(answers[i - 1]!);

    await sleep(2_100);
    const renewed = await beacon(replica.url, body.slug, repeatReader);
    expect(renewed.body.counted).toBe(false);
    expect(renewed.body.view_count).toBe(first.body.view_count + 5);
    // After this replica's own flush, its answer is read again from Postgres and stays exact.
    await replica.content.views.flush();
    const counted = await beacon(replica.url, body.slug);
    expect(counted.body).toEqual({ view_count: first.body.view_count + 6, counted: true });
  });
});
