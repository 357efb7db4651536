import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const MINUTE = 60_000;

describe('search', () => {
  let api: ContentHarness;
  const search = async (term: string) => (await api.get(`/api/articles?search=${encodeURIComponent(term)}`)).body;
  const slugs = (body: { articles: Array<{ slug: string }> }) => body.articles.map((a) => a.slug);

  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { slug: 'body-hit-new', title: '入門指南', content: '<p>什麼是比特幣？</p>', published_at: new Date(Date.now() - 1 * MINUTE) });
    await insertArticle(api.db, { slug: 'title-hit-old', title: '比特幣減半', content: '<p>獎勵砍半</p>', published_at: new Date(Date.now() - 10 * MINUTE) });
    await insertArticle(api.db, { slug: 'title-hit-new', title: '比特幣 ETF', content: '<p>現貨</p>', published_at: new Date(Date.now() - 5 * MINUTE) });
    await insertArticle(api.db, { slug: 'excerpt-hit', title: '市場', excerpt: '以太坊質押收益', content: '<p>x</p>' });
    await insertArticle(api.db, { slug: 'tag-hit', title: '錢包', content: '<p>y</p>', tags: ['冷錢包', 'Ledger'] });
    await insertArticle(api.db, { slug: 'markup-only', title: '其他', content: '<p><a href="https://example.com/比特">連結</a></p>' });
  });
  afterAll(() => api.close());

  it('finds a 2-character Chinese term inside a longer word, title hits first, then newest', async () => {
    expect(slugs(await search('比特'))).toEqual(['title-hit-new', 'title-hit-old', 'body-hit-new']);
  });

  it('matches the excerpt and the tags', async () => {
    expect(slugs(await search('質押'))).toEqual(['excerpt-hit']);
    expect(slugs(await search('ledger'))).toEqual(['tag-hit']);
    expect(slugs(await search('冷錢'))).toEqual(['tag-hit']);
  });

  it('finds a single character and requires every word of a multi-word term', async () => {
    expect(slugs(await search('幣')).length).toBe(3);
    expect(slugs(await search('比特幣 ETF'))).toEqual(['title-hit-new']);
  });

  it('does not match text that is only inside markup', async () => {
    expect(slugs(await search('example'))).toEqual([]);
  });

  it('returns nothing for a term of only spaces or punctuation', async () => {
    const body = await search('  ！？ ');
    expect(body.articles).toEqual([]);
    expect(body.pagination.total).toBe(0);
  });

  it('uses the gram index rather than reading every body', async () => {
    await api.db.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const plan = await trx.raw(
        `explain select id from content.articles a where a.search_grams @> ?::text[] and strpos(a.search_text, ?) > 0`,
        [['比特'], '比特'],
      );
      const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('articles_search_grams_idx');
    });
  });

  it('pages search results and still reports the total past the last page', async () => {
    const first = (await api.get(`/api/articles?search=${encodeURIComponent('比特')}&limit=2&page=1`)).body;
    expect(first.articles).toHaveLength(2);
    expect(first.pagination).toEqual({ page: 1, limit: 2, pages: 2, total: 3 });
    const past = (await api.get(`/api/articles?search=${encodeURIComponent('比特')}&limit=2&page=5`)).body;
    expect(past.articles).toEqual([]);
    expect(past.pagination.total).toBe(3);
  });

  it('refuses a term longer than 100 characters', async () => {
    const { status, body } = await api.get(`/api/articles?search=${'幣'.repeat(101)}`);
    expect(status).toBe(400);
    expect(body.field).toBe('search');
  });
});
