import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';

describe('admin categories, settings and stats', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    api = await startContent();
    admin = adminClient(api);
  });
  afterAll(() => api.close());

  it('creates categories with a unique slug made from the name, Chinese kept', async () => {
    const first = await admin.json('POST', '/api/categories/admin', { name: '比特幣 新聞', description: '說明', is_active: true, show_in_header: true, show_in_footer: false, sort_order: 2 });
    const second = await admin.json('POST', '/api/categories/admin', { name: '比特幣 新聞', sort_order: 1 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: '比特幣 新聞', slug: '比特幣-新聞', is_active: true, show_in_header: true, show_in_footer: false, sort_order: 2 });
    expect(second.body.slug).toBe('比特幣-新聞-2');
    expect((await admin.json('GET', '/api/categories/admin/all')).body.map((c: { sort_order: number }) => c.sort_order)).toEqual([1, 2]);
  });

  it('answers 400 naming the field for a missing name or a negative sort order, and for bad JSON', async () => {
    expect((await admin.json('POST', '/api/categories/admin', { name: '  ' })).body).toEqual({ error: '請輸入名稱', field: 'name' });
    expect((await admin.json('POST', '/api/categories/admin', { name: 'x', sort_order: -1 })).body).toEqual({ error: '排序不能小於 0', field: 'sort_order' });
    const res = await api.get('/api/categories/admin', { method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }, body: '{bad' });
    expect(res).toMatchObject({ status: 400, body: { error: '請求內容不是有效的 JSON' } });
  });

  it('toggles a category by resending the whole object, and hides a disabled one from the public', async () => {
    const { body: created } = await admin.json('POST', '/api/categories/admin', { name: '開關', show_in_header: true });
    expect((await api.get('/api/categories/header')).body.map((c: { id: number }) => c.id)).toContain(created.id);
    const toggled = await admin.json('PUT', `/api/categories/admin/${created.id}`, { ...created, is_active: false });
    expect(toggled.body).toMatchObject({ id: created.id, slug: created.slug, is_active: false });
    expect((await api.get('/api/categories/header')).body.map((c: { id: number }) => c.id)).not.toContain(created.id);
    expect((await api.get('/api/categories')).body.map((c: { id: number }) => c.id)).not.toContain(created.id);
    expect((await admin.json('PUT', '/api/categories/admin/99999', { name: 'x' })).status).toBe(404);
  });

  it('refuses to delete a category that still has articles (409), and deletes an empty one', async () => {
    const { body: category } = await admin.json('POST', '/api/categories/admin', { name: '有文章' });
    await admin.createArticle(articleFields({ title: '屬於分類', category_id: String(category.id) }));
    const refused = await admin.json('DELETE', `/api/categories/admin/${category.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('此分類仍有文章');
    expect((await admin.json('GET', `/api/categories/admin/${category.id}`)).status).toBe(200);
    const { body: empty } = await admin.json('POST', '/api/categories/admin', { name: '空分類' });
    expect((await admin.json('DELETE', `/api/categories/admin/${empty.id}`)).status).toBe(200);
    expect((await admin.json('GET', `/api/categories/admin/${empty.id}`)).body).toEqual({ error: '分類不存在' });
  });

  it('saves the six settings, bounded, and serves them publicly', async () => {
    const settings = { site_title: '我的幣圈', site_description: '描述', google_adsense_id: 'ca-pub-123', header_ad_script: '<div class="ad">頁首</div>', sidebar_ad_script: '', footer_ad_script: '<script>window.x=1</script>' };
    expect((await admin.json('PUT', '/api/settings/admin', settings)).body).toEqual({ ...settings, indexnow_key: '', version: 2 });
    expect((await api.get('/api/settings')).body).toEqual(settings);
    expect((await admin.json('PUT', '/api/settings/admin', { site_title: '字'.repeat(101) })).body).toEqual({ error: '網站標題最多 100 個字', field: 'site_title' });
    expect((await admin.json('PUT', '/api/settings/admin', { admin_password: 'x' })).status).toBe(400);
    expect((await admin.json('PUT', '/api/settings/admin', { site_title: 5 })).status).toBe(400);
    expect((await admin.json('GET', '/api/settings/admin')).body.site_title).toBe('我的幣圈');
  });

  it('counts the six dashboard figures in the database', async () => {
    await admin.createArticle(articleFields({ title: '草稿一', status: 'draft', tags: '["a","b"]' }));
    await api.db('articles').update({ view_count: 10 });
    const { body } = await admin.json('GET', '/api/admin/stats');
    const [{ total, published, drafts }] = (await api.db.raw(`select count(*)::int total, count(*) filter (where status='published')::int published, count(*) filter (where status='draft')::int drafts from content.articles`)).rows;
    expect(body).toEqual({ totalArticles: total, publishedArticles: published, draftArticles: drafts, totalViews: total * 10, totalCategories: expect.any(Number), totalTags: 2 });
    expect(body.draftArticles).toBeGreaterThan(0);
  });
});
