import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ArticleDetail, type Settings } from '@coinmag/contracts';
import type { ApiReader } from './api/http';
import { answerUrl } from './server';

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, site_title: '測試幣誌', site_description: '網站描述' };

const ARTICLE = {
  id: 1, slug: 'btc-101', title: '比特幣入門', meta_title: '', meta_description: '', excerpt: '摘要', content: '<p>內文</p>', content_text: '內文', toc: [],
  tags: '比特幣,新手', view_count: 3, is_featured: false, featured_image: 'c.jpg', featured_image_alt: '', category_name: '新手入門', category_slug: 'beginner',
  published_at: '2024-03-05T01:00:00.000Z', updated_at: '2024-03-06T01:00:00.000Z',
} as unknown as ArticleDetail;

const PLACES = [{ path: { id: 7, slug: '錢包入門', title: '錢包入門' }, position: 2, total: 3, previous: { slug: 'a', title: '第一課' }, next: null }];
const PATH = {
  id: 7, slug: '錢包入門', title: '錢包入門', level: '入門', description: '從零開始', cover: '/uploads/p.webp', cover_alt: '封面', total_minutes: 4, updated_at: '2024-03-06T01:00:00.000Z',
  lessons: [{ id: 1, slug: 'btc-101', title: '比特幣入門', excerpt: '摘要', minutes: 4 }],
};

const FLASH = { id: 5, text: '交易所暫停提領\n官方稱為例行維護', source_url: null, tags: [{ key: 'btc', name: 'BTC' }], important: true, pinned: false, article: null, published_at: '2024-03-05T01:00:00.000Z', updated_at: '2024-03-05T01:00:00.000Z' };

/** The content API as the gateway's reader answers it: one article, one category, an old slug of each; records every path read. */
function content(down = false) {
  const read: string[] = [];
  reader = async (path) => {
    read.push(path);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (down) throw new TypeError('the content service did not answer');
    const url = new URL(path, 'http://content');
    if (url.pathname === '/api/articles/btc-101') return json(ARTICLE);
    if (url.pathname === '/api/categories') return json([{ id: 1, name: '新手入門', slug: 'beginner', description: '入門', sort_order: 1, show_in_header: true, show_in_footer: true }]);
    if (url.pathname === '/api/articles') {
      const tagged = url.searchParams.get('tag') === 'btc';
      return json({ articles: tagged ? [ARTICLE] : [], pagination: { page: 1, limit: 12, pages: tagged ? 1 : 0, total: tagged ? 1 : 0 } });
    }
    if (url.pathname === '/api/learning-paths/lessons/1') return json(PLACES);
    if (url.pathname === `/api/learning-paths/${encodeURIComponent('錢包入門')}`) return json(PATH);
    if (url.pathname === '/api/tags/btc') return json({ key: 'btc', name: 'BTC', article_count: 1, flash_count: 0 });
    if (url.pathname === '/api/glossary') return json({ groups: [{ label: 'ㄅ', terms: [{ slug: 'bitcoin', name: '比特幣', aliases: ['BTC'], definition: '第一個去中心化的加密貨幣。' }] }], total: 1 });
    if (url.pathname === '/api/flash') return json({ pinned: [], items: url.searchParams.get('cursor') ? [] : [FLASH], next_cursor: null });
    if (url.pathname === '/api/flash/5') return json(FLASH);
    if (url.pathname === '/api/preview/draft-token') return json({ state: 'preview', article: ARTICLE, expires_at: '2030-01-01T00:00:00.000Z' });
    if (url.pathname === '/api/preview/published-token') return json({ state: 'published', slug: 'btc-101' });
    if (url.pathname === '/api/redirects/article/old-btc') return json({ slug: 'btc-101' });
    if (url.pathname === '/api/redirects/category/old-beginner') return json({ slug: 'beginner' });
    // The markets service, as the gateway's reader reaches it: bitcoin's tag is 比特幣.
    const quote = { symbol: 'btc', name: '比特幣', twd: 3_100_000, usd: 95_000, change24h: 1.2, at: '2024-03-06T01:00:00.000Z' };
    if (url.pathname === '/api/markets/coins') return json({ coins: [{ symbol: 'btc', name: '比特幣', tag: '比特幣', quote }] });
    if (url.pathname === '/api/markets/coins/btc') {
      return json({ symbol: 'btc', name: '比特幣', tag: 'btc', quote, change7d: 4.2, week: [{ at: '2024-03-01T00:00:00.000Z', twd: 2_900_000 }, { at: '2024-03-06T00:00:00.000Z', twd: 3_100_000 }], quarter: [] });
    }
    if (url.pathname === '/api/markets/coins/btc/price-at' && url.searchParams.get('at') === ARTICLE.published_at) {
      return json({ symbol: 'btc', then: { at: '2024-03-05T01:00:00.000Z', twd: 2_950_000 }, now: quote });
    }
    return json({ error: '找不到資源' }, 404);
  };
  return read;
}

/** The reader the next answers are rendered with (each render is given its own; nothing is kept between them). */
let reader: ApiReader = () => Promise.reject(new TypeError('no content service'));

const answer = (path: string, search = '') => answerUrl({ pathname: path, search, settings: SETTINGS, read: reader, signal: new AbortController().signal });

describe("the public remote's answer for a URL: status, head and data from one read per resource", () => {
  it('answers an article with its head (title, description, keywords, image, breadcrumbs) and its cover as the largest paint', async () => {
    const read = content();
    const page = await answer('/article/btc-101');
    expect(page.status).toBe(200);
    expect(page.head).toMatchObject({
      siteTitle: '測試幣誌', title: '比特幣入門', description: '摘要', path: '/article/btc-101', type: 'article', keywords: ['比特幣', '新手'], articleSection: '新手入門',
      publishedTime: ARTICLE.published_at, modifiedTime: ARTICLE.updated_at,
      breadcrumbs: [{ name: '首頁', path: '/' }, { name: '新手入門', path: '/category/beginner' }, { name: '比特幣入門', path: '/article/btc-101' }],
    });
    expect(page.lcpImage).toEqual({ src: '/uploads/c.jpg', sizes: expect.any(String) });
    // Tagged 比特幣, a priced coin's tag: its price when published and now (docs/product.md, Market data).
    expect(page.data).toEqual({ key: '/article/btc-101', state: { status: 'ready', article: ARTICLE, places: PLACES, price: { symbol: 'btc', then: 2_950_000, now: 3_100_000 } } });
    expect(read).toEqual(['/api/articles/btc-101', '/api/learning-paths/lessons/1', '/api/markets/coins', `/api/markets/coins/btc/price-at?at=${encodeURIComponent(ARTICLE.published_at!)}`]);
    // Dropped by the gateway when a path that holds the article is saved.
    expect(page.deps).toEqual(['lesson-places:1']);
  });

  it('answers a coin page with its prices, its tag\'s articles and its head; an unknown coin is a 404', async () => {
    const read = content();
    const page = await answer('/coin/btc');
    expect(page.status).toBe(200);
    expect(page.head).toMatchObject({ title: '比特幣（BTC）價格與新聞', path: '/coin/btc' });
    expect(page.data?.state).toMatchObject({ status: 'ready', coin: { symbol: 'btc', change7d: 4.2 }, articles: [ARTICLE], term: { slug: 'bitcoin', definition: '第一個去中心化的加密貨幣。' } });
    expect(read[0]).toBe('/api/markets/coins/btc');
    expect((await answer('/coin/zzz')).status).toBe(404);
    const before = read.length;
    expect((await answer('/coin/%3Cb%3E')).status).toBe(404);
    // Only the missing path's redirect is looked up (every 404 does); the markets service is not asked.
    expect(read.slice(before).filter((path) => path.startsWith('/api/markets')), 'a segment that cannot be a symbol is not asked about').toEqual([]);
    expect(read.slice(before)).toEqual(['/api/redirect-lookup?path=%2Fcoin%2F%253Cb%253E']);
  });

  it('answers a learning path with its Course head, its cover as the largest paint, and what it depends on', async () => {
    content();
    const page = await answer(`/learn/${encodeURIComponent('錢包入門')}`);
    expect(page.status).toBe(200);
    expect(page.head).toMatchObject({ title: '錢包入門', description: '從零開始', image: '/uploads/p.webp', itemList: { name: '錢包入門', course: true, items: [{ name: '比特幣入門', path: '/article/btc-101' }] } });
    expect(page.lcpImage).toEqual({ src: '/uploads/p.webp', sizes: expect.any(String) });
    expect(page.deps).toEqual([`learning-path:${encodeURIComponent('錢包入門')}`]);
    const missing = await answer('/learn/nothing');
    expect(missing.status).toBe(404);
    expect(missing.head).toMatchObject({ title: '學習路徑不存在', noIndex: true });
    // A missing page also depends on its path's redirect (one made later answers at once).
    expect(missing.deps).toEqual(['learning-path:nothing', 'redirect:%2Flearn%2Fnothing']);
  });

  it('answers /flash (a LiveBlogPosting) and an item\'s page (NewsArticle, its card), each depending on flash; an unknown item is 404', async () => {
    content();
    const list = await answer('/flash');
    expect(list.status).toBe(200);
    expect(list.head).toMatchObject({ title: '快訊', path: '/flash', feed: { path: '/flash/rss.xml' } });
    expect(list.head.structuredData!('https://coin.example')[0]).toMatchObject({ '@type': 'LiveBlogPosting', liveBlogUpdate: [{ headline: '交易所暫停提領', url: 'https://coin.example/flash/5' }] });
    expect(list.deps).toEqual(['flash']);
    expect((await answer('/flash', '?cursor=1709600400000-5')).head).toMatchObject({ noIndex: true });
    const item = await answer('/flash/5');
    expect(item.status).toBe(200);
    expect(item.head).toMatchObject({ title: '交易所暫停提領', type: 'article', path: '/flash/5', keywords: ['BTC'], image: expect.stringMatching(/^\/cards\/flash\/5\.png\?v=/) });
    expect(item.deps).toEqual(['flash']);
    const missing = await answer('/flash/6');
    expect(missing.status).toBe(404);
    expect(missing.head).toMatchObject({ title: '快訊不存在', noIndex: true });
    expect((await answer('/flash/abc')).status).toBe(404);
  });

  it('answers a missing article 404 with 文章不存在, never indexed, and an old slug 301 to the current one', async () => {
    content();
    const missing = await answer('/article/gone');
    expect(missing.status).toBe(404);
    expect(missing.head).toMatchObject({ title: '文章不存在', noIndex: true });
    expect(await answer('/article/old-btc')).toMatchObject({ status: 301, redirect: '/article/btc-101', data: null });
    expect(await answer('/category/old-beginner')).toMatchObject({ status: 301, redirect: '/category/beginner' });
  });

  it('names a real category\'s feed, not a special list\'s, and answers an unknown category 404', async () => {
    content();
    expect((await answer('/category/beginner')).head).toMatchObject({ title: '新手入門', description: '入門', feed: { title: '新手入門', path: '/category/beginner/rss.xml' } });
    expect((await answer('/category/nope')).head).toMatchObject({ title: '分類不存在', noIndex: true });
    expect((await answer('/category/nope')).status).toBe(404);
  });

  it('titles the pages as their components do in the browser: pages of all articles, a search never indexed, an unknown path', async () => {
    content();
    expect((await answer('/articles', '?page=2')).head).toMatchObject({ title: '所有文章（第 2 頁）', path: '/articles?page=2' });
    expect((await answer('/search', '?q=比特幣')).head).toMatchObject({ title: '「比特幣」的搜尋結果', noIndex: true });
    const unknown = await answer('/nowhere');
    expect(unknown).toMatchObject({ status: 404, data: null, head: { title: '找不到頁面', noIndex: true } });
  });

  it('sends another spelling of a tag to its one page (301) and writes the tag page\'s head with its feed; an unknown tag is 404', async () => {
    content();
    expect(await answer('/tag/BTC')).toMatchObject({ status: 301, redirect: '/tag/btc', data: null });
    const tag = await answer('/tag/btc');
    expect(tag.status).toBe(200);
    expect(tag.head).toMatchObject({ path: '/tag/btc', feed: { path: '/tag/btc/rss.xml' } });
    expect(tag.head.noIndex).toBeUndefined();
    const unknown = await answer('/tag/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.head).toMatchObject({ noIndex: true });
  });

  it('answers a preview privately and never indexed: the article as it will look, 302 once published, 404 once gone', async () => {
    content();
    const preview = await answer('/preview/draft-token');
    expect(preview).toMatchObject({ status: 200, private: true, head: { title: '比特幣入門', path: '/preview/draft-token', noIndex: true } });
    expect(await answer('/preview/published-token')).toMatchObject({ status: 302, redirect: '/article/btc-101', private: true });
    expect(await answer('/preview/revoked-token')).toMatchObject({ status: 404, private: true, head: { noIndex: true } });
  });

  it('says the article could not be loaded (503, never indexed) when the content service does not answer', async () => {
    content(true);
    const page = await answer('/article/btc-101');
    expect(page.status).toBe(503);
    expect(page.head).toMatchObject({ title: '載入文章失敗', noIndex: true });
    expect(page.redirect).toBeUndefined();
  });
  it('reads each render with its own reader: two renders at once never see each other\'s', async () => {
    const asked: Record<string, string[]> = { one: [], two: [] };
    const readerOf = (name: 'one' | 'two', title: string): ApiReader => async (path) => {
      asked[name]!.push(path);
      // Both renders are in flight before either read is answered.
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (path === '/api/articles/btc-101') return new Response(JSON.stringify({ ...ARTICLE, title }), { status: 200 });
      return new Response(JSON.stringify([]), { status: 200 });
    };
    const render = (read: ApiReader) => answerUrl({ pathname: '/article/btc-101', search: '', settings: SETTINGS, read, signal: new AbortController().signal });
    const [one, two] = await Promise.all([render(readerOf('one', '第一')), render(readerOf('two', '第二'))]);
    expect(one.head.title).toBe('第一');
    expect(two.head.title).toBe('第二');
    // The article is tagged 比特幣: each render also asks its own reader for the priced coins.
    expect(asked).toEqual({ one: ['/api/articles/btc-101', '/api/learning-paths/lessons/1', '/api/markets/coins'], two: ['/api/articles/btc-101', '/api/learning-paths/lessons/1', '/api/markets/coins'] });
  });
});
