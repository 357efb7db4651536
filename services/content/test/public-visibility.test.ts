import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertCategory, startContent, type ContentHarness } from './content-harness.js';

const HOUR = 3_600_000;

describe('public visibility rule', () => {
  let api: ContentHarness;
  let categoryId: number;

  beforeAll(async () => {
    api = await startContent();
    categoryId = await insertCategory(api.db, { slug: 'bitcoin', name: '比特幣' });
    await insertArticle(api.db, { slug: 'published-one', title: '比特幣公開文章', category_id: categoryId, is_featured: true, is_carousel: true, carousel_order: 1, is_popular: false });
    await insertArticle(api.db, { slug: 'draft-one', title: '比特幣草稿', status: 'draft', category_id: categoryId, is_featured: true, is_carousel: true, carousel_order: 2, published_at: null });
    await insertArticle(api.db, { slug: 'scheduled-one', title: '比特幣排程', status: 'scheduled', category_id: categoryId, is_featured: true, is_popular: false, published_at: new Date(Date.now() + 2 * HOUR) });
    await insertArticle(api.db, { slug: 'future-published', title: '比特幣未來發布', status: 'published', category_id: categoryId, published_at: new Date(Date.now() + 2 * HOUR) });
  });
  afterAll(() => api.close());

  const hidden = ['draft-one', 'scheduled-one', 'future-published'];

  it('hides drafts, scheduled and future articles from every list and count', async () => {
    for (const path of ['/api/articles', '/api/articles?category=bitcoin', '/api/articles?search=比特幣']) {
      const { body } = await api.get(encodeURI(path));
      expect(body.articles.map((a: { slug: string }) => a.slug)).toEqual(['published-one']);
      expect(body.pagination.total).toBe(1);
    }
    for (const ranked of ['featured', 'carousel', 'popular', 'latest']) {
      const { body } = await api.get(`/api/articles/${ranked}?limit=50`);
      for (const slug of hidden) expect(body.map((a: { slug: string }) => a.slug)).not.toContain(slug);
    }
  });

  it('answers 404 for the detail of a hidden article', async () => {
    for (const slug of hidden) {
      const { status, body } = await api.get(`/api/articles/${slug}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: '文章不存在' });
    }
  });

  it('answers what a social card shows (title and category, no body) only for a public article', async () => {
    const { status, body, headers } = await api.get('/api/articles/published-one/card');
    expect(status).toBe(200);
    expect(body).toEqual({ title: '比特幣公開文章', category_name: '比特幣' });
    expect(headers.get('x-cache-deps')).toBe('articles,categories');
    for (const slug of hidden) expect((await api.get(`/api/articles/${slug}/card`)).status).toBe(404);
  });

  it('never offers a hidden article as related', async () => {
    const { body } = await api.get('/api/articles/published-one');
    expect(body.relatedArticles).toEqual([]);
  });

  it('shows a future-dated article once its time has come', async () => {
    api.setNow(new Date(Date.now() + 3 * HOUR));
    try {
      const { status } = await api.get('/api/articles/future-published');
      expect(status).toBe(200);
      const { status: scheduledStatus } = await api.get('/api/articles/scheduled-one');
      expect(scheduledStatus).toBe(404);
    } finally {
      api.setNow(new Date());
    }
  });

  it('counts a view only for a public article', async () => {
    const from = (address: string) => ({ method: 'POST', headers: { 'x-forwarded-for': address } });
    const first = await api.get('/api/articles/published-one/views', from('10.0.0.1'));
    const second = await api.get('/api/articles/published-one/views', from('10.0.0.2'));
    expect(second.body.view_count).toBe(first.body.view_count + 1);
    expect((await api.get('/api/articles/draft-one/views', { method: 'POST' })).status).toBe(404);
  });
});
