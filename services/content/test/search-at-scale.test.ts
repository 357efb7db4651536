import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { buildArticleWrite, type ArticleFields } from '../src/articles/article-write.js';
import { ArticlesRepository } from '../src/articles/articles.repository.js';
import { parseSearchTerm } from '../src/articles/search-grams.js';
import { articleFields } from './article-fields.js';
import { startContent, type ContentHarness } from './content-harness.js';

const ARTICLES = 2500;
const HOUR = 3_600_000;

/** Article i: every 7th has 比特幣 in its title, every 2nd in its body, every 3rd says 錢包 in its body. */
function article(i: number): ArticleFields {
  return articleFields({
    title: i % 7 === 0 ? `比特幣週報 ${i}` : `市場觀察 ${i}`,
    slug: `scale-${i}`,
    content: `<p>${i % 2 === 0 ? '本期談比特幣與' : '本期談'}${i % 3 === 0 ? '冷錢包' : '交易所'}。</p>`,
    status: i % 50 === 0 ? 'draft' : 'published',
    published_at: new Date(Date.now() - i * HOUR),
  });
}

/** What a search must answer, worked out row by row: title hits first, then the newest. */
function expected(word: string, inBody: (i: number) => boolean) {
  const hits = Array.from({ length: ARTICLES }, (_, i) => i).filter((i) => i % 50 !== 0 && (article(i).title.toLowerCase().includes(word) || inBody(i)));
  const title = (i: number) => article(i).title.toLowerCase().includes(word);
  return hits.sort((a, b) => Number(title(b)) - Number(title(a)) || a - b).map((i) => `scale-${i}`);
}

describe('search over many articles', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
    const rows = Array.from({ length: ARTICLES }, (_, i) => {
      const { tags: _tags, ...write } = { ...buildArticleWrite(article(i)), tags: [] };
      return { ...write, toc: JSON.stringify(write.toc) };
    });
    for (let i = 0; i < rows.length; i += 300) await api.db('articles').insert(rows.slice(i, i + 300));
    await api.db.raw('analyze articles');
  }, 60_000);
  afterAll(() => api.close());

  const page = async (term: string, n: number, limit = 20) => (await api.get(`/api/articles?search=${encodeURIComponent(term)}&page=${n}&limit=${limit}`)).body;

  it('caps the count of a very common term and says so', async () => {
    const { pagination } = await page('比特幣', 1);
    expect(expected('比特幣', (i) => i % 2 === 0).length).toBeGreaterThan(1000);
    expect(pagination).toEqual({ page: 1, limit: 20, pages: 50, total: 1000, capped: true });
    const rare = (await page('週報 1', 1)).pagination;
    expect(rare.capped).toBeUndefined();
  });

  it('ranks title hits first, then newest, on every page, across the switch from titles to bodies', async () => {
    for (const [term, inBody] of [['比特幣', (i: number) => i % 2 === 0], ['錢包', (i: number) => i % 3 === 0], ['比特', (i: number) => i % 2 === 0]] as const) {
      const all = expected(term, inBody);
      const titleHits = all.filter((slug) => article(Number(slug.slice(6))).title.includes(term)).length;
      // Pages at the start, straddling the last title hit, past it, and deep in the body hits.
      const limit = 20;
      const boundary = Math.floor(titleHits / limit) + 1;
      for (const n of new Set([1, 2, boundary, boundary + 1, boundary + 5, 30])) {
        const got = (await page(term, n, limit)).articles.map((a: { slug: string }) => a.slug);
        expect(got, `${term} page ${n}`).toEqual(all.slice((n - 1) * limit, n * limit));
      }
    }
  });

  it('requires every word of a multi-word term, title hits by the first word', async () => {
    const all = expected('比特幣', (i) => i % 2 === 0).filter((slug) => Number(slug.slice(6)) % 3 === 0);
    const got = (await page('比特幣 冷錢包', 1, 50)).articles.map((a: { slug: string }) => a.slug);
    expect(got).toEqual(all.slice(0, 50));
  });

  it('keeps no pending list in the gram indexes: a saved article is in their trees at once', async () => {
    for (const index of ['articles_search_grams_idx', 'articles_title_grams_idx']) {
      const { rows } = await api.db.raw('select gin_clean_pending_list(?::regclass) as pages', [index]);
      expect(rows[0].pages, index).toBe(0);
    }
  });

  it('tests a body\'s grams only through the gram index, never row by row over every public article', async () => {
    // The count of a term past the cap (比特, half the bodies), and the sorted body hits of one
    // under it (錢包, a third): each asked of the gram index, whatever else the planner could use.
    for (const term of ['比特', '錢包']) {
      const seen: Array<{ sql: string; bindings?: Knex.RawBinding[] }> = [];
      const listen = (query: { sql: string; bindings?: Knex.RawBinding[] }) => seen.push(query);
      api.db.on('query', listen);
      try {
        await new ArticlesRepository(api.db).searchPublic(new Date(), parseSearchTerm(term)!, undefined, 20, 300, 1000);
      } finally {
        api.db.off('query', listen);
      }
      const plans: string[] = [];
      await api.db.transaction(async (trx) => {
        for (const { sql, bindings } of seen) {
          if (/^set local/i.test(sql)) await trx.raw(sql);
          else if (/search_grams/.test(sql) && !/order by a\.published_at/.test(sql)) {
            plans.push(JSON.stringify((await trx.raw(`explain (format json) ${sql.replace(/\$\d+/g, '?')}`, bindings ?? [])).rows[0]['QUERY PLAN']));
          }
        }
      });
      expect(plans.length, term).toBeGreaterThanOrEqual(1);
      for (const plan of plans) {
        expect(plan, term).toContain('articles_search_grams_idx');
        expect(plan, term).not.toMatch(/"Filter": "[^"]*search_grams @>/);
      }
    }
  });
});
