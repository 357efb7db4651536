import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const ADMIN = '/api/admin/flash';

/** 快訊 items on tag pages and in the sitemaps (docs/product.md §2 快訊, §3 Tag pages). */
describe('flash items: their tags and their pages in the sitemaps', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    api = await startContent();
    admin = adminClient(api);
    await insertArticle(api.db, { slug: 'with-btc', title: '比特幣文章', tags: ['BTC'] });
  });
  afterAll(() => api.close());

  it('knows a tag that only 快訊 items carry: its heading counts the items, its items are listed', async () => {
    expect((await api.get(`/api/tags/${encodeURIComponent('交易所')}`)).status).toBe(404);
    const created = await admin.json('POST', ADMIN, { text: '某交易所暫停提領', tags: ['交易所', 'BTC'] });
    expect(created.status).toBe(201);
    // Read through the cache right after the write: the answer follows 快訊 writes.
    const tag = await api.get(`/api/tags/${encodeURIComponent('交易所')}`);
    expect(tag.status).toBe(200);
    expect(tag.body).toEqual({ key: '交易所', name: '交易所', article_count: 0, flash_count: 1 });
    expect(tag.headers.get('x-cache-deps')).toBe('articles,flash');
    expect((await api.get(`/api/flash?tag=${encodeURIComponent('交易所')}`)).body.items.map((item: { id: number }) => item.id)).toEqual([created.body.id]);
    // A tag articles carry too is named and counted as before, its items counted beside.
    expect((await api.get('/api/tags/btc')).body).toEqual({ key: 'btc', name: 'BTC', article_count: 1, flash_count: 1 });

    const removed = await admin.json('DELETE', `${ADMIN}/${created.body.id}`);
    expect(removed.status).toBe(200);
    expect((await api.get(`/api/tags/${encodeURIComponent('交易所')}`)).status).toBe(404);
    expect((await api.get('/api/tags/btc')).body).toEqual({ key: 'btc', name: 'BTC', article_count: 1, flash_count: 0 });
  });

  it('answers a tag only 快訊 items carry with an empty article list, not a 404, following 快訊 writes', async () => {
    const path = `/api/articles?tag=${encodeURIComponent('只在快訊')}`;
    // Asked before any item carries it: a 404, and that answer is cached.
    expect((await api.get(path)).status).toBe(404);
    const created = await admin.json('POST', ADMIN, { text: '只有快訊帶著這個標籤', tags: ['只在快訊'] });
    expect(created.status).toBe(201);
    const list = await api.get(path);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ articles: [], pagination: { page: 1, limit: expect.any(Number), pages: 0, total: 0 } });
    expect(list.headers.get('x-cache-deps')).toBe('articles,categories,flash');
    expect((await admin.json('DELETE', `${ADMIN}/${created.body.id}`)).status).toBe(200);
    expect((await api.get(path)).status).toBe(404);
    // A tag nothing carries is still unknown.
    expect((await api.get(`/api/articles?tag=${encodeURIComponent('沒有的標籤')}`)).status).toBe(404);
  });

  it('knows no tag that only a scheduled item carries', async () => {
    const scheduled = await admin.json('POST', ADMIN, { text: '排程中的快訊', tags: ['未來的題目'], published_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.status).toBe(201);
    expect((await api.get(`/api/tags/${encodeURIComponent('未來的題目')}`)).status).toBe(404);
    expect((await api.get('/api/sitemap/tags')).body.map((entry: { slug: string }) => entry.slug)).not.toContain('未來的題目');
    expect((await api.get('/api/sitemap/flash')).body.map((entry: { slug: string }) => entry.slug)).not.toContain(String(scheduled.body.id));
  });

  it('lists every public item\'s page and the tags only items carry in the sitemaps, following 快訊 writes', async () => {
    const before = await api.get('/api/sitemap');
    const created = await admin.json('POST', ADMIN, { text: '只有快訊的標籤', tags: ['穩定幣'] });
    expect(created.status).toBe(201);
    const flash = await api.get('/api/sitemap/flash');
    expect(flash.status).toBe(200);
    expect(flash.body[0]).toEqual({ slug: String(created.body.id), lastmod: created.body.updated_at });
    expect((await api.get('/api/sitemap/tags')).body.map((entry: { slug: string }) => entry.slug)).toEqual(['btc', '穩定幣']);
    const index = (await api.get('/api/sitemap')).body;
    expect(index.flash.lastmod).toBe(created.body.updated_at);
    expect(index.flash.lastmod).not.toBe(before.body.flash.lastmod);

    expect((await admin.json('DELETE', `${ADMIN}/${created.body.id}`)).status).toBe(200);
    expect((await api.get('/api/sitemap/flash')).body.map((entry: { slug: string }) => entry.slug)).not.toContain(String(created.body.id));
    expect((await api.get('/api/sitemap/tags')).body.map((entry: { slug: string }) => entry.slug)).toEqual(['btc']);
  });
});
