import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertCategory, startContent, type ContentHarness } from './content-harness.js';

describe('public lists and pagination', () => {
  let api: ContentHarness;

  beforeAll(async () => {
    api = await startContent();
    const bitcoin = await insertCategory(api.db, { slug: 'bitcoin', name: '比特幣', sort_order: 2 });
    await insertCategory(api.db, { slug: 'hidden', name: '停用', is_active: false, sort_order: 0 });
    await insertCategory(api.db, { slug: 'footer-only', name: '頁尾', show_in_header: false, sort_order: 1 });
    await insertCategory(api.db, { slug: 'beginner', name: '新手', sort_order: 1 });
    for (let i = 0; i < 25; i += 1) {
      await insertArticle(api.db, {
        slug: `a-${String(i).padStart(2, '0')}`,
        category_id: i < 13 ? bitcoin : null,
        published_at: new Date(Date.now() - (i + 1) * 60_000),
        is_featured: i === 3 || i === 7,
        is_popular: i === 20,
        is_carousel: i === 1 || i === 2,
        carousel_order: i === 1 ? 2 : i === 2 ? 1 : null,
      });
    }
    await api.db('articles').where({ slug: 'a-10' }).update({ view_count: 999 });
  });
  afterAll(() => api.close());

  it('pages the newest first with page, limit, pages and total', async () => {
    const { body } = await api.get('/api/articles?page=2&limit=10');
    expect(body.pagination).toEqual({ page: 2, limit: 10, pages: 3, total: 25 });
    expect(body.articles.map((a: { slug: string }) => a.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `a-${String(i + 10).padStart(2, '0')}`));
  });

  it('returns the remainder on the last page and nothing past it', async () => {
    expect((await api.get('/api/articles?page=3&limit=10')).body.articles).toHaveLength(5);
    const past = await api.get('/api/articles?page=4&limit=10');
    expect(past.status).toBe(200);
    expect(past.body.articles).toEqual([]);
    expect(past.body.pagination.total).toBe(25);
  });

  it('accepts limit 100 and defaults to 20', async () => {
    expect((await api.get('/api/articles?limit=100')).body.articles).toHaveLength(25);
    expect((await api.get('/api/articles')).body.pagination.limit).toBe(20);
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['limit=1.5', 'limit'],
    ['limit=ten', 'limit'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { status, body } = await api.get(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(typeof body.error).toBe('string');
  });

  it('answers 400 for a bad limit on the ranked lists', async () => {
    expect((await api.get('/api/articles/popular?limit=500')).status).toBe(400);
  });

  it('filters by category slug and answers 404 for an unknown or disabled one', async () => {
    expect((await api.get('/api/articles?category=bitcoin&limit=100')).body.pagination.total).toBe(13);
    for (const slug of ['nope', 'hidden']) {
      const { status, body } = await api.get(`/api/articles?category=${slug}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: '分類不存在' });
    }
  });

  it('lists featured only, carousel by carousel_order, popular marked first then by views', async () => {
    expect((await api.get('/api/articles/featured')).body.map((a: { slug: string }) => a.slug)).toEqual(['a-03', 'a-07']);
    expect((await api.get('/api/articles/featured?limit=1')).body).toHaveLength(1);
    expect((await api.get('/api/articles/carousel')).body.map((a: { slug: string }) => a.slug)).toEqual(['a-02', 'a-01']);
    expect((await api.get('/api/articles/popular?limit=2')).body.map((a: { slug: string }) => a.slug)).toEqual(['a-20', 'a-10']);
    expect((await api.get('/api/articles/latest?limit=3')).body.map((a: { slug: string }) => a.slug)).toEqual(['a-00', 'a-01', 'a-02']);
  });

  it('lists header categories that are active and shown in the header, by sort order', async () => {
    expect((await api.get('/api/categories/header')).body.map((c: { slug: string }) => c.slug)).toEqual(['beginner', 'bitcoin']);
    const all = (await api.get('/api/categories')).body.map((c: { slug: string }) => c.slug);
    expect(all).toEqual(['footer-only', 'beginner', 'bitcoin']);
  });

  it('serves the public settings', async () => {
    const { body } = await api.get('/api/settings');
    expect(Object.keys(body).sort()).toEqual(['footer_ad_script', 'google_adsense_id', 'header_ad_script', 'sidebar_ad_script', 'site_description', 'site_title']);
  });

  it('reports health and readiness of its database and article workers', async () => {
    expect((await api.get('/healthz')).status).toBe(200);
    expect((await api.get('/readyz')).body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok', 'article-workers': 'ok' } });
  });
});
