import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, insertCategory, startContent, type ContentHarness } from './content-harness.js';

describe('response cache: exact invalidation, ETags, merged misses', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let categoryId: number;

  beforeAll(async () => {
    api = await startContent();
    admin = adminClient(api);
    categoryId = await insertCategory(api.db, { slug: 'bitcoin', name: '比特幣' });
    await insertArticle(api.db, { slug: 'first', title: '第一篇', category_id: categoryId });
  });
  afterAll(() => api.close());

  const slugs = async (path: string) => {
    const { body } = await api.get(path);
    return (Array.isArray(body) ? body : body.articles).map((a: { slug: string }) => a.slug);
  };

  it('serves a repeated read from the cache, not from Postgres', async () => {
    await api.get('/api/articles/first');
    let queries = 0;
    const count = () => queries++;
    api.db.on('query', count);
    try {
      for (let i = 0; i < 5; i += 1) expect((await api.get('/api/articles/first')).status).toBe(200);
    } finally {
      api.db.off('query', count);
    }
    expect(queries).toBe(0);
  });

  it('computes a miss once when 200 requests ask for it at the same moment', async () => {
    await insertArticle(api.db, { slug: 'burst', title: '爆量' });
    await api.content.cache.reset();
    let queries = 0;
    const count = () => queries++;
    api.db.on('query', count);
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => api.get('/api/articles/burst')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    } finally {
      api.db.off('query', count);
    }
    // One compute of a detail: the article, then its related articles and the glossary's revision
    // (its compiled terms are kept while the revision stays).
    expect(queries).toBe(3);
  });

  it('answers If-None-Match with 304 and sends CDN-friendly Cache-Control', async () => {
    const first = await api.get('/api/articles?page=1&limit=20');
    expect(first.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await api.get('/api/articles?page=1&limit=20', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('shows a new, an edited and a deleted article at once in lists, detail, category pages and search', async () => {
    for (const path of ['/api/articles', '/api/articles/latest', '/api/articles?category=bitcoin', `/api/articles?search=${encodeURIComponent('新文')}`]) await api.get(path);
    const created = await admin.createArticle(articleFields({ title: '新文章', category_id: String(categoryId) }));
    expect(await slugs('/api/articles')).toContain(created.body.slug);
    expect(await slugs('/api/articles/latest')).toContain(created.body.slug);
    expect(await slugs('/api/articles?category=bitcoin')).toContain(created.body.slug);
    expect(await slugs(`/api/articles?search=${encodeURIComponent('新文')}`)).toEqual([created.body.slug]);

    await api.get(`/api/articles/${encodeURIComponent(created.body.slug)}`);
    await admin.updateArticle(created.body.id, articleFields({ title: '改過的標題', category_id: String(categoryId) }));
    expect((await api.get(`/api/articles/${encodeURIComponent(created.body.slug)}`)).body.title).toBe('改過的標題');
    expect(await slugs(`/api/articles?search=${encodeURIComponent('新文')}`)).toEqual([]);

    await admin.deleteArticle(created.body.id);
    expect((await api.get(`/api/articles/${encodeURIComponent(created.body.slug)}`)).status).toBe(404);
    expect(await slugs('/api/articles?category=bitcoin')).not.toContain(created.body.slug);
  });

  it('shows a category change in the category lists and in the article bodies that name it', async () => {
    await api.get('/api/categories/header');
    await api.get('/api/articles/first');
    const { body: category } = await admin.json('GET', `/api/categories/admin/${categoryId}`);
    await admin.json('PUT', `/api/categories/admin/${categoryId}`, { ...category, name: '比特幣新聞' });
    expect((await api.get('/api/categories/header')).body.map((c: { name: string }) => c.name)).toContain('比特幣新聞');
    expect((await api.get('/api/articles/first')).body.category_name).toBe('比特幣新聞');
  });

  it('shows a settings change at once', async () => {
    await api.get('/api/settings');
    await admin.json('PUT', '/api/settings/admin', { header_ad_script: '<div>新廣告</div>' });
    expect((await api.get('/api/settings')).body.header_ad_script).toBe('<div>新廣告</div>');
  });

  it('does not drop article caches on a settings change (invalidation is exact)', async () => {
    await api.get('/api/articles/first');
    await admin.json('PUT', '/api/settings/admin', { site_title: '又改了' });
    let queries = 0;
    const count = () => queries++;
    api.db.on('query', count);
    await api.get('/api/articles/first');
    api.db.off('query', count);
    expect(queries).toBe(0);
  });
});
