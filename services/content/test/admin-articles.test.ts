import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, articleFields } from './admin-client.js';
import { insertCategory, startContent, type ContentHarness } from './content-harness.js';

describe('admin article writes', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let categoryId: number;

  beforeAll(async () => {
    api = await startContent();
    admin = adminClient(api);
    categoryId = await insertCategory(api.db, { slug: 'bitcoin', name: '比特幣' });
  });
  afterAll(() => api.close());

  it('creates an article from the multipart fields of the spec and returns it with tags as an array', async () => {
    const { status, body } = await admin.createArticle(articleFields({
      title: '比特幣 ETF 懶人包！',
      category_id: String(categoryId),
      excerpt: '摘要',
      tags: JSON.stringify([' ETF ', '', '比特幣', 'etf']),
      is_featured: 'true',
      is_carousel: 'true',
      carousel_order: '2',
      meta_title: 'SEO',
      published_at: '2024-03-05T12:00',
    }));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: '比特幣 ETF 懶人包！', slug: '比特幣-etf-懶人包', tags: ['ETF', '比特幣'], status: 'published', is_featured: true,
      is_popular: false, is_carousel: true, carousel_order: 2, category_name: '比特幣', published_at: '2024-03-05T04:00:00.000Z', meta_title: 'SEO',
    });
    expect(body.content).toBe('<h2 id="heading-1">什麼是比特幣</h2><p>內容</p>');
  });

  it('makes generated slugs unique with -2, -3 and refuses a taken explicit slug with 409', async () => {
    const a = await admin.createArticle(articleFields({ title: '同名文章' }));
    const b = await admin.createArticle(articleFields({ title: '同名文章' }));
    const c = await admin.createArticle(articleFields({ title: '同名文章' }));
    expect([a.body.slug, b.body.slug, c.body.slug]).toEqual(['同名文章', '同名文章-2', '同名文章-3']);
    const explicit = await admin.createArticle(articleFields({ title: '另一篇', slug: '  My Slug!! ' }));
    expect(explicit.body.slug).toBe('my-slug');
    const taken = await admin.createArticle(articleFields({ title: '第三篇', slug: 'my-slug' }));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: '網址代稱已被使用', field: 'slug' });
  });

  it('answers 400 naming the field for each invalid input', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ title: '' }, 'title', '請輸入標題'],
      [{ content: '' }, 'content', '請輸入內容'],
      [{ content: '<script>alert(1)</script>' }, 'content', '請輸入內容'],
      [{ is_featured: 'true', is_popular: 'true' }, 'is_popular', '推薦類型只能選擇一種：精選或熱門'],
      [{ is_carousel: 'true', carousel_order: '11' }, 'carousel_order', '輪播順序必須介於 1 到 10'],
      [{ published_at: 'not-a-date' }, 'published_at', '發布時間格式不正確'],
      [{ status: 'scheduled', published_at: '' }, 'published_at', '排程發布需要設定發布時間'],
      [{ tags: '{"a":1}' }, 'tags', '標籤格式不正確（需為文字陣列）'],
      [{ category_id: '99999' }, 'category_id', '分類不存在'],
      [{ title: '字'.repeat(201) }, 'title', '標題最多 200 個字'],
    ];
    for (const [overrides, field, error] of cases) {
      const { status, body } = await admin.createArticle(articleFields(overrides));
      expect({ status, body }).toEqual({ status: 400, body: { error, field } });
    }
  });

  it('stores an unknown status as draft', async () => {
    const { body } = await admin.createArticle(articleFields({ title: '狀態不明', status: 'archived' }));
    expect(body.status).toBe('draft');
  });

  it('keeps the slug on update unless one is sent, and keeps or clears the cover', async () => {
    const created = await admin.createArticle(articleFields({ title: '封面測試' }));
    await api.db('articles').where({ id: created.body.id }).update({ featured_image: 'demo-bitcoin.jpg' });
    const kept = await admin.updateArticle(created.body.id, articleFields({ title: '封面測試（更新）', keep_existing_featured_image: '/uploads/demo-bitcoin.jpg' }));
    expect(kept.body.slug).toBe('封面測試');
    expect(kept.body.featured_image).toBe('/uploads/demo-bitcoin.jpg');
    const cleared = await admin.updateArticle(created.body.id, articleFields({ title: '封面測試（更新）' }));
    expect(cleared.body.featured_image).toBeNull();
  });

  it('answers 503 and saves nothing when the media service is down for a new cover', async () => {
    const before = (await admin.listArticles()).body.pagination.total;
    const { status, body } = await admin.createArticle(articleFields({ title: '有封面' }), { name: 'a.png', data: new Uint8Array([1, 2, 3]), type: 'image/png' });
    expect(status).toBe(503);
    expect(body.error).toBe('圖片服務暫時無法使用，請稍後再試');
    expect((await admin.listArticles()).body.pagination.total).toBe(before);
  });

  it('answers 413 for a cover over 50 MB without saving', async () => {
    const big = new Uint8Array(51 * 1024 * 1024);
    const { status, body } = await admin.createArticle(articleFields({ title: '太大' }), { name: 'big.jpg', data: big, type: 'image/jpeg' });
    expect(status).toBe(413);
    expect(body.error).toBe('檔案過大，請選擇較小的圖片');
  });

  it('shows a draft on the public site only once it is published, and hides it again as a draft', async () => {
    const draft = await admin.createArticle(articleFields({ title: '草稿變公開', status: 'draft' }));
    const slug = draft.body.slug;
    expect((await api.get(`/api/articles/${encodeURIComponent(slug)}`)).status).toBe(404);
    expect((await admin.getArticle(draft.body.id)).status).toBe(200);
    await admin.updateArticle(draft.body.id, articleFields({ title: '草稿變公開', status: 'published' }));
    expect((await api.get(`/api/articles/${encodeURIComponent(slug)}`)).status).toBe(200);
    const search = await api.get(`/api/articles?search=${encodeURIComponent('草稿變')}`);
    expect(search.body.articles.map((a: { slug: string }) => a.slug)).toEqual([slug]);
    await admin.updateArticle(draft.body.id, articleFields({ title: '草稿變公開', status: 'draft' }));
    expect((await api.get(`/api/articles/${encodeURIComponent(slug)}`)).status).toBe(404);
  });

  it('keeps a scheduled article off the public site until its time', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const { body } = await admin.createArticle(articleFields({ title: '明天見', status: 'scheduled', published_at: future }));
    expect(body.status).toBe('scheduled');
    expect((await api.get(`/api/articles/${encodeURIComponent(body.slug)}`)).status).toBe(404);
    api.setNow(new Date(Date.now() + 2 * 86_400_000));
    try {
      // Scheduled stays scheduled until the scheduler publishes it; only published articles are public.
      expect((await api.get(`/api/articles/${encodeURIComponent(body.slug)}`)).status).toBe(404);
    } finally {
      api.setNow(new Date());
    }
  });

  it('lists every status newest first with category names, and deletes', async () => {
    const list = await admin.listArticles();
    expect(list.status).toBe(200);
    const statuses = new Set(list.body.articles.map((a: { status: string }) => a.status));
    expect(statuses).toEqual(new Set(['published', 'draft', 'scheduled']));
    expect(list.body.articles[0]).not.toHaveProperty('content');
    const id = list.body.articles[0].id;
    expect((await admin.deleteArticle(id)).status).toBe(200);
    expect((await admin.getArticle(id)).status).toBe(404);
    expect((await admin.deleteArticle(id)).body).toEqual({ error: '文章不存在' });
  });

  it('answers 404 for ids that are not numbers', async () => {
    expect((await admin.getArticle('abc' as unknown as number)).status).toBe(404);
  });
});
