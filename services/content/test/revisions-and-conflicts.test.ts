import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, REVISIONS_PER_ARTICLE } from '@coinmag/contracts';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';

describe('article revisions, restore, autosave and edit conflicts', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    api = await startContent();
    admin = adminClient(api);
  });
  afterAll(() => api.close());

  it('keeps a revision of every save with its fields, time and address', async () => {
    const created = await admin.createArticle(articleFields({ title: '第一版', content: '<p>甲</p>', tags: '["比特幣"]', meta_title: 'SEO 一' }));
    expect(created.body.version).toBe(1);
    const id = created.body.id;
    const updated = await admin.updateArticle(id, articleFields({ title: '第二版', content: '<p>乙</p>', status: 'draft', version: '1' }));
    expect(updated.status).toBe(200);
    expect(updated.body.version).toBe(2);
    const list = await admin.json('GET', `/api/articles/admin/${id}/revisions`);
    expect(list.body.limit).toBe(REVISIONS_PER_ARTICLE);
    expect(list.body.revisions.map((r: { title: string; version: number; kind: string }) => [r.title, r.version, r.kind])).toEqual([['第二版', 2, 'save'], ['第一版', 1, 'save']]);
    expect(list.body.revisions[0].ip).toMatch(/127\.0\.0\.1/);
    const first = await admin.json('GET', `/api/articles/admin/${id}/revisions/${list.body.revisions[1].id}`);
    expect(first.body).toMatchObject({ title: '第一版', content: '<p>甲</p>', tags: ['比特幣'], meta_title: 'SEO 一', status: 'published', category_id: null });
    expect(first.body.published_at).not.toBeNull();
  });

  it('answers 409 to a save over a stale version, leaves the article as it was and keeps the refused text', async () => {
    const { body: article } = await admin.createArticle(articleFields({ title: '兩個分頁', content: '<p>原文</p>' }));
    const firstTab = await admin.updateArticle(article.id, articleFields({ title: '兩個分頁', content: '<p>第一個分頁的內容</p>', version: String(article.version) }));
    expect(firstTab.status).toBe(200);
    const secondTab = await admin.updateArticle(article.id, articleFields({ title: '兩個分頁', content: '<p>第二個分頁的內容</p>', version: String(article.version) }));
    expect(secondTab).toMatchObject({ status: 409, body: { error: API_MESSAGES.articleConflict, field: 'version' } });
    expect((await admin.getArticle(article.id)).body).toMatchObject({ content: '<p>第一個分頁的內容</p>', version: 2 });
    const { body: history } = await admin.json('GET', `/api/articles/admin/${article.id}/revisions`);
    const refused = history.revisions.find((r: { kind: string }) => r.kind === 'conflict');
    expect(refused).toMatchObject({ version: null });
    expect((await admin.json('GET', `/api/articles/admin/${article.id}/revisions/${refused.id}`)).body.content).toBe('<p>第二個分頁的內容</p>');
  });

  it('refuses a racing save even when both name the current version (one wins, one gets 409)', async () => {
    const { body: article } = await admin.createArticle(articleFields({ title: '同時儲存' }));
    const results = await Promise.all([1, 2, 3].map((n) => admin.updateArticle(article.id, articleFields({ title: `同時儲存 ${n}`, version: '1' }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await admin.getArticle(article.id)).body.version).toBe(2);
  });

  it('restores a revision as a new revision, never rewriting the past', async () => {
    const { body: article } = await admin.createArticle(articleFields({ title: '還原前', content: '<p>舊的內容</p>', excerpt: '舊摘要' }));
    await admin.updateArticle(article.id, articleFields({ title: '還原後', content: '<p>新的內容</p>', version: '1' }));
    const { body: before } = await admin.json('GET', `/api/articles/admin/${article.id}/revisions`);
    const oldest = before.revisions.at(-1);
    const stale = await admin.json('POST', `/api/articles/admin/${article.id}/revisions/${oldest.id}/restore`, { version: 1 });
    expect(stale.status).toBe(409);
    const restored = await admin.json('POST', `/api/articles/admin/${article.id}/revisions/${oldest.id}/restore`, { version: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: '還原前', content: '<p>舊的內容</p>', excerpt: '舊摘要', version: 3, slug: article.slug });
    const { body: after } = await admin.json('GET', `/api/articles/admin/${article.id}/revisions`);
    expect(after.revisions).toHaveLength(3);
    expect(after.revisions[0]).toMatchObject({ kind: 'restore', restored_from: oldest.id, version: 3, title: '還原前' });
    expect(after.revisions.slice(1)).toEqual(before.revisions);
    expect((await admin.json('POST', `/api/articles/admin/${article.id}/revisions/999999/restore`, { version: 3 })).status).toBe(404);
  });

  it(`keeps at most ${REVISIONS_PER_ARTICLE} revisions per article, dropping the oldest`, async () => {
    const { body: article } = await admin.createArticle(articleFields({ title: '版本 0' }));
    // Revisions 1…(limit-2) as saves would have left them, then the last saves through the API.
    const prefilled = REVISIONS_PER_ARTICLE - 2;
    await api.db('article_revisions').insert(Array.from({ length: prefilled }, (_, i) => ({
      article_id: article.id, version: i + 2, kind: 'save', title: `版本 ${i + 1}`, excerpt: '', content: '<p>x</p>', meta_title: '', meta_description: '', tags: '[]', status: 'published',
    })));
    await api.db('articles').where({ id: article.id }).update({ version: prefilled + 1 });
    for (let n = prefilled + 1; n <= REVISIONS_PER_ARTICLE + 4; n += 1) {
      const res = await admin.updateArticle(article.id, articleFields({ title: `版本 ${n}`, version: String(n) }));
      expect(res.status).toBe(200);
    }
    const { body } = await admin.json('GET', `/api/articles/admin/${article.id}/revisions`);
    expect(body.revisions).toHaveLength(REVISIONS_PER_ARTICLE);
    expect(body.revisions[0].title).toBe(`版本 ${REVISIONS_PER_ARTICLE + 4}`);
    expect(body.revisions.at(-1).title).toBe('版本 5');
    const stored = await api.db('article_revisions').where('article_id', article.id).count<{ count: string }[]>({ count: '*' }).first();
    expect(Number(stored?.count)).toBe(REVISIONS_PER_ARTICLE);
  });

  it('keeps an autosave apart from the article and drops it when the article is saved', async () => {
    const { body: article } = await admin.createArticle(articleFields({ title: '自動儲存', content: '<p>已發布的內容</p>' }));
    const copy = { title: '自動儲存', excerpt: '', content: '<p>打到一半的句子</p>', meta_title: '', meta_description: '', tags: [], category_id: null, status: 'published', published_at: null, base_version: 1 };
    const put = await admin.json('PUT', `/api/articles/admin/${article.id}/autosave`, copy);
    expect(put.status).toBe(200);
    expect(Date.parse(put.body.saved_at)).not.toBeNaN();
    expect((await admin.json('GET', `/api/articles/admin/${article.id}/autosave`)).body.autosave).toMatchObject({ content: '<p>打到一半的句子</p>', base_version: 1 });
    expect((await api.get(`/api/articles/${article.slug}`)).body.content).toBe('<p>已發布的內容</p>');
    expect((await admin.getArticle(article.id)).body.version).toBe(1);
    await admin.updateArticle(article.id, articleFields({ title: '自動儲存', content: '<p>打到一半的句子</p>', version: '1' }));
    expect((await admin.json('GET', `/api/articles/admin/${article.id}/autosave`)).body.autosave).toBeNull();
  });

  it('keeps a new draft\'s autosave under its key until the first save, and validates it', async () => {
    const key = 'draft-0123456789abcdef';
    const copy = { title: '新草稿', excerpt: '', content: '<p>還沒存</p>', meta_title: '', meta_description: '', tags: [], category_id: null, status: 'draft', published_at: null, base_version: null };
    expect((await admin.json('PUT', `/api/articles/admin/drafts/${key}/autosave`, copy)).status).toBe(200);
    expect((await admin.json('GET', `/api/articles/admin/drafts/${key}/autosave`)).body.autosave.title).toBe('新草稿');
    expect((await admin.json('GET', '/api/articles/admin/drafts/latest')).body).toMatchObject({ draft_key: key, autosave: { title: '新草稿' } });
    expect((await admin.json('PUT', `/api/articles/admin/drafts/${key}/autosave`, { ...copy, extra: 1 })).status).toBe(400);
    expect((await admin.json('PUT', '/api/articles/admin/drafts/bad key/autosave', copy)).status).toBe(404);
    expect((await admin.json('PUT', '/api/articles/admin/999999/autosave', copy)).status).toBe(404);
    await admin.createArticle(articleFields({ title: '新草稿', draft_key: key }));
    expect((await admin.json('GET', `/api/articles/admin/drafts/${key}/autosave`)).body.autosave).toBeNull();
    expect((await admin.json('GET', '/api/articles/admin/drafts/latest')).body).toEqual({ draft_key: null, autosave: null });
    expect((await api.get(`/api/articles/admin/drafts/${key}/autosave`)).status).toBe(401);
  });

  it('answers 409 to a stale category or settings save and overwrites nothing', async () => {
    const { body: category } = await admin.json('POST', '/api/categories/admin', { name: '衝突分類' });
    expect(category.version).toBe(1);
    expect((await admin.json('PUT', `/api/categories/admin/${category.id}`, { ...category, name: '第一個分頁' })).body.version).toBe(2);
    const stale = await admin.json('PUT', `/api/categories/admin/${category.id}`, { ...category, name: '第二個分頁' });
    expect(stale).toMatchObject({ status: 409, body: { error: API_MESSAGES.categoryConflict } });
    expect((await admin.json('GET', `/api/categories/admin/${category.id}`)).body.name).toBe('第一個分頁');

    const { body: settings } = await admin.json('GET', '/api/settings/admin');
    expect((await admin.json('PUT', '/api/settings/admin', { site_title: '第一個分頁', version: settings.version })).status).toBe(200);
    const staleSettings = await admin.json('PUT', '/api/settings/admin', { site_title: '第二個分頁', version: settings.version });
    expect(staleSettings).toMatchObject({ status: 409, body: { error: API_MESSAGES.settingsConflict } });
    expect((await admin.json('GET', '/api/settings/admin')).body).toMatchObject({ site_title: '第一個分頁', version: settings.version + 1 });
  });
});
