import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tagKeys from '../src/migrations/20261125090000_tag_keys.js';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const slugs = (body: { articles: Array<{ slug: string }> }) => body.articles.map((a) => a.slug);

describe('tag pages: the articles of a tag in any spelling', () => {
  let api: ContentHarness;

  beforeAll(async () => {
    api = await startContent();
    for (let i = 0; i < 13; i += 1) {
      await insertArticle(api.db, { slug: `btc-${String(i).padStart(2, '0')}`, title: `BTC ${i}`, tags: ['BTC', '比特幣'], published_at: new Date(Date.now() - (i + 10) * 60_000) });
    }
    await insertArticle(api.db, { slug: 'full-width', title: '全形', tags: ['ＢＴＣ'], published_at: new Date(Date.now() - 2 * 60_000) });
    await insertArticle(api.db, { slug: 'lower', title: '小寫', tags: ['btc'], published_at: new Date(Date.now() - 3 * 60_000) });
    await insertArticle(api.db, { slug: 'secret-draft', title: '草稿', tags: ['未公開的題目', 'BTC'], status: 'draft' });
    await insertArticle(api.db, { slug: 'not-yet', title: '未到時間', tags: ['未來'], published_at: new Date(Date.now() + 3_600_000) });
  });
  afterAll(() => api.close());

  it('lists the public articles of every spelling, newest first, 12 a page with the count', async () => {
    const first = await api.get('/api/articles?tag=btc&limit=12');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 12, pages: 2, total: 15 });
    expect(slugs(first.body).slice(0, 3)).toEqual(['full-width', 'lower', 'btc-00']);
    const second = await api.get('/api/articles?tag=%EF%BC%A2%EF%BC%B4%EF%BC%A3&limit=12&page=2');
    expect(slugs(second.body)).toEqual(['btc-10', 'btc-11', 'btc-12']);
    expect(slugs(second.body)).not.toContain('secret-draft');
  });

  it('names the tag by the spelling most articles carry, and counts each article once', async () => {
    for (const spelling of ['btc', 'ＢＴＣ', 'Btc']) {
      const { status, body } = await api.get(`/api/tags/${encodeURIComponent(spelling)}`);
      expect(status).toBe(200);
      expect(body).toEqual({ key: 'btc', name: 'BTC', article_count: 15, flash_count: 0 });
    }
    expect((await api.get(`/api/tags/${encodeURIComponent('比特幣')}`)).body).toEqual({ key: '比特幣', name: '比特幣', article_count: 13, flash_count: 0 });
  });

  it('knows no tag that only a draft or a future article carries', async () => {
    for (const tag of ['未公開的題目', '未來', 'nothing-at-all']) {
      const heading = await api.get(`/api/tags/${encodeURIComponent(tag)}`);
      expect(heading.status).toBe(404);
      expect(heading.body.error).toBe('標籤不存在');
      expect((await api.get(`/api/articles?tag=${encodeURIComponent(tag)}`)).status).toBe(404);
    }
  });

  it('refuses a tag segment that cannot name a tag', async () => {
    const { status, body } = await api.get('/api/tags/a%2Fb');
    expect(status).toBe(400);
    expect(body.field).toBe('tag');
  });

  it('lists tag pages in the sitemap by key, and the index says when they last changed', async () => {
    const { body } = await api.get('/api/sitemap/tags');
    expect(body.map((entry: { slug: string }) => entry.slug)).toEqual(['btc', '比特幣']);
    const index = await api.get('/api/sitemap');
    expect(index.body.tags.lastmod).toBe(body[0].lastmod);
  });

  it('follows admin writes at once: a tag added, an article unpublished, an article deleted', async () => {
    const admin = adminClient(api);
    const created = await admin.createArticle(articleFields({ title: '新文章', tags: JSON.stringify(['ｂｔｃ', 'Layer 2']) }));
    expect(created.status).toBe(201);
    expect((await api.get('/api/tags/btc')).body.article_count).toBe(16);
    expect(slugs((await api.get('/api/articles?tag=btc&limit=12')).body)[0]).toBe(created.body.slug);
    expect((await api.get('/api/tags/layer%202')).body).toEqual({ key: 'layer-2', name: 'Layer 2', article_count: 1, flash_count: 0 });

    const unpublished = await admin.updateArticle(created.body.id, articleFields({ title: '新文章', tags: JSON.stringify(['ｂｔｃ', 'Layer 2']), status: 'draft' }));
    expect(unpublished.status).toBe(200);
    expect((await api.get('/api/tags/btc')).body.article_count).toBe(15);
    expect((await api.get('/api/tags/layer-2')).status).toBe(404);

    const lower = await api.db('articles').where({ slug: 'lower' }).first('id');
    expect((await admin.deleteArticle(lower.id)).status).toBe(200);
    expect((await api.get('/api/articles?tag=btc&limit=12')).body.pagination.total).toBe(14);
  });
});

describe('tag keys of existing data', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
  });
  afterAll(() => api.close());

  it('gives every tag stored before tag pages its key, keeping its spelling', async () => {
    await tagKeys.down(api.db);
    await api.db('tags').insert([{ name: 'ＥＴＦ' }, { name: 'Etf' }, { name: 'DeFi 協議' }]);
    await tagKeys.up(api.db);
    const rows = await api.db('tags').orderBy('id').select('name', 'key');
    expect(rows).toEqual([
      { name: 'ＥＴＦ', key: 'etf' },
      { name: 'Etf', key: 'etf' },
      { name: 'DeFi 協議', key: 'defi-協議' },
    ]);
  });
});
