import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ArticleDetail, type Settings } from '@coinmag/contracts';
import { answerPage, setApiReader } from './server';

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, site_title: '測試幣誌', site_description: '網站描述' };

const ARTICLE = {
  id: 1, slug: 'btc-101', title: '比特幣入門', meta_title: '', meta_description: '', excerpt: '摘要', content: '<p>內文</p>', content_text: '內文', toc: [],
  tags: '比特幣,新手', view_count: 3, is_featured: false, featured_image: 'c.jpg', featured_image_alt: '', category_name: '新手入門', category_slug: 'beginner',
  published_at: '2024-03-05T01:00:00.000Z', updated_at: '2024-03-06T01:00:00.000Z',
} as unknown as ArticleDetail;

/** The content API as the gateway's reader answers it: one article, one category, an old slug of each; records every path read. */
function content(down = false) {
  const read: string[] = [];
  setApiReader(async (path) => {
    read.push(path);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (down) throw new TypeError('the content service did not answer');
    const url = new URL(path, 'http://content');
    if (url.pathname === '/api/articles/btc-101') return json(ARTICLE);
    if (url.pathname === '/api/categories') return json([{ id: 1, name: '新手入門', slug: 'beginner', description: '入門', sort_order: 1, show_in_header: true, show_in_footer: true }]);
    if (url.pathname === '/api/articles') return json({ articles: [], pagination: { page: 1, limit: 12, pages: 0, total: 0 } });
    if (url.pathname === '/api/redirects/article/old-btc') return json({ slug: 'btc-101' });
    if (url.pathname === '/api/redirects/category/old-beginner') return json({ slug: 'beginner' });
    return json({ error: '找不到資源' }, 404);
  });
  return read;
}

const answer = (path: string, search = '') => answerPage(path, search, SETTINGS, new AbortController().signal);

afterEach(() => setApiReader((path) => fetch(path)));

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
    expect(page.data).toEqual({ key: '/article/btc-101', state: { status: 'ready', article: ARTICLE } });
    expect(read).toEqual(['/api/articles/btc-101']);
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

  it('says the article could not be loaded (503, never indexed) when the content service does not answer', async () => {
    content(true);
    const page = await answer('/article/btc-101');
    expect(page.status).toBe(503);
    expect(page.head).toMatchObject({ title: '載入文章失敗', noIndex: true });
    expect(page.redirect).toBeUndefined();
  });
});
