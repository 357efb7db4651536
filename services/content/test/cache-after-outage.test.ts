import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../src/cache/redis-store.js';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, insertCategory, startContent, type ContentHarness } from './content-harness.js';
import { startPersistentRedis, type PersistentRedis } from './persistent-redis.js';

/**
 * Issue 13.1: an edit made while Redis is unreachable (its version bump fails) must be applied to
 * the cache as soon as Redis answers again, before any cached read is served — Redis coming back
 * with its data, as it does under compose and Kubernetes.
 */
describe('invalidation is never lost in a Redis outage', () => {
  let redis: PersistentRedis;
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let article: { id: number; slug: string };
  let categoryId: number;

  beforeAll(async () => {
    redis = await startPersistentRedis();
    api = await startContent({ store: new RedisStore({ url: redis.url, prefix: 'outage:', commandTimeoutMs: 100 }) });
    admin = adminClient(api);
    categoryId = await insertCategory(api.db, { slug: 'before', name: '舊分類名' });
    article = await insertArticle(api.db, { slug: 'edited-in-outage', title: '停機前的標題', category_id: categoryId });
  });
  afterAll(async () => {
    await api?.close();
    await redis?.destroy();
  });

  const read = async () => {
    const [detail, categories, settings] = await Promise.all([
      api.get(`/api/articles/${article.slug}`),
      api.get('/api/categories'),
      api.get('/api/settings'),
    ]);
    return { title: detail.body.title as string, category: detail.body.category_name as string, header: (categories.body as Array<{ name: string }>).map((c) => c.name), siteTitle: settings.body.site_title as string };
  };

  it('serves the edits, not the cached copies, from the first read after Redis comes back', async () => {
    // Warm the cache and check it serves the cached copies.
    expect(await read()).toMatchObject({ title: '停機前的標題', category: '舊分類名' });
    expect(await read()).toMatchObject({ title: '停機前的標題', category: '舊分類名' });

    await redis.kill();
    expect((await admin.updateArticle(article.id, articleFields({ title: '停機時改的標題', slug: article.slug, category_id: String(categoryId) }))).status).toBe(200);
    expect((await admin.json('PUT', `/api/categories/admin/${categoryId}`, { name: '停機時改的分類' })).status).toBe(200);
    expect((await admin.json('PUT', '/api/settings/admin', { site_title: '停機時改的站名' })).status).toBe(200);
    // While Redis is down the answers come from Postgres.
    expect(await read()).toMatchObject({ title: '停機時改的標題', category: '停機時改的分類', siteTitle: '停機時改的站名' });

    await redis.restart();
    // Redis is back with the old entries and old versions; not one read may see them.
    const deadline = Date.now() + 5000;
    const seen: Array<Awaited<ReturnType<typeof read>>> = [];
    while (Date.now() < deadline) seen.push(await read());
    expect(seen.length).toBeGreaterThan(5);
    for (const answer of seen) {
      expect(answer).toMatchObject({ title: '停機時改的標題', category: '停機時改的分類', siteTitle: '停機時改的站名' });
      expect(answer.header).toContain('停機時改的分類');
    }
    // And the cache is in use again: the pending invalidation was recorded.
    expect(api.content.cache.clean).toBe(true);
    let queries = 0;
    const count = () => queries++;
    api.db.on('query', count);
    await api.get(`/api/articles/${article.slug}`);
    api.db.off('query', count);
    expect(queries).toBe(0);
  });
});
