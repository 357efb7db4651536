import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertCategory, startContent, type ContentHarness } from './content-harness.js';

describe('article detail', () => {
  let api: ContentHarness;

  beforeAll(async () => {
    api = await startContent();
    const bitcoin = await insertCategory(api.db, { slug: 'bitcoin', name: '比特幣' });
    const other = await insertCategory(api.db, { slug: 'other', name: '其他' });
    await insertArticle(api.db, {
      slug: 'main',
      title: '主文',
      category_id: bitcoin,
      content: '<h2>第一段</h2><p>a</p><h3 id="custom">小節</h3><h2>第二段</h2>',
      tags: ['比特幣', '新手'],
      featured_image: 'cover.jpg',
      meta_description: '描述',
    });
    await insertArticle(api.db, { slug: 'same-cat-1', category_id: bitcoin, published_at: new Date(Date.now() - 3_600_000) });
    await insertArticle(api.db, { slug: 'other-newest', category_id: other, published_at: new Date() });
    await insertArticle(api.db, { slug: 'same-cat-2', category_id: bitcoin, published_at: new Date(Date.now() - 7_200_000) });
    await insertArticle(api.db, { slug: 'other-older', category_id: other, published_at: new Date(Date.now() - 9_000_000) });
  });
  afterAll(() => api.close());

  it('returns the article with heading ids, toc, tags and a resolved cover', async () => {
    const { status, body } = await api.get('/api/articles/main');
    expect(status).toBe(200);
    expect(body.content).toBe('<h2 id="heading-1">第一段</h2><p>a</p><h3 id="custom">小節</h3><h2 id="heading-3">第二段</h2>');
    expect(body.toc).toEqual([
      { id: 'heading-1', text: '第一段', level: 2 },
      { id: 'custom', text: '小節', level: 3 },
      { id: 'heading-3', text: '第二段', level: 2 },
    ]);
    expect(body.tags).toBe('比特幣,新手');
    expect(body.featured_image).toBe('/uploads/cover.jpg');
    expect(body.category_slug).toBe('bitcoin');
    expect(body.meta_description).toBe('描述');
  });

  it('offers three related articles, same category first, never itself', async () => {
    const { body } = await api.get('/api/articles/main');
    expect(body.relatedArticles.map((r: { slug: string }) => r.slug)).toEqual(['same-cat-1', 'same-cat-2', 'other-newest']);
    expect(Object.keys(body.relatedArticles[0]).sort()).toEqual(['category_name', 'excerpt', 'featured_image', 'featured_image_alt', 'published_at', 'slug', 'title']);
  });

  it('answers 400 for a slug with path or script characters', async () => {
    expect((await api.get('/api/articles/%3Cscript%3E')).status).toBe(400);
    expect((await api.get('/api/articles/..%2F..%2Fetc')).status).toBe(400);
  });
});
