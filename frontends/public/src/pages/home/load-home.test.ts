import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArticleSummary } from '@coinmag/contracts';
import { browserApi } from '../../api/http';
import { loadHome } from './load-home';

/** Article n was published on day n; the list shows the newest first. */
const article = (id: number): ArticleSummary =>
  ({ id, slug: `a-${id}`, title: `文章 ${id}`, excerpt: `摘要 ${id}`, content_text: '內文'.repeat(100), tags: '比特幣', view_count: id, is_featured: false, category_name: '新手入門', featured_image: null, featured_image_alt: '', published_at: new Date(Date.UTC(2026, 0, id)).toISOString() }) as ArticleSummary;

const ALL = Array.from({ length: 60 }, (_, i) => article(60 - i));

/** The public API over 60 articles; `down` lists the paths that answer 500. Records every path asked. */
function api(down: string[] = []) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://site');
    asked.push(`${url.pathname}${url.search}`);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (down.includes(url.pathname)) return json({ error: '伺服器錯誤' }, 500);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (url.pathname === '/api/articles') {
      const page = Number(url.searchParams.get('page') ?? 1);
      return json({ articles: ALL.slice((page - 1) * limit, page * limit), pagination: { page, limit, pages: Math.ceil(ALL.length / limit), total: ALL.length } });
    }
    return json(ALL.slice(0, limit));
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loading the home page', () => {
  it('reads the ten more-articles below the latest with one list request', async () => {
    const asked = api();
    const home = await loadHome(browserApi(new AbortController().signal));
    expect(home.latest.map((a) => a.id)).toEqual([60, 59, 58, 57, 56, 55, 54, 53]);
    expect(home.more.articles.map((a) => a.id)).toEqual([52, 51, 50, 49, 48, 47, 46, 45, 44, 43]);
    expect(home.more.next).toBe(18);
    expect(asked.filter((path) => path.startsWith('/api/articles?'))).toEqual(['/api/articles?page=1&limit=18']);
  });

  it('embeds of each article only what its section shows', async () => {
    api();
    const home = await loadHome(browserApi(new AbortController().signal));
    expect(Object.keys(home.popular[0]!).sort()).toEqual(['id', 'slug', 'title', 'view_count']);
    expect(home.latest[0]).not.toHaveProperty('excerpt');
    expect(home.more.articles[0]).not.toHaveProperty('tags');
    expect(home.more.articles[0]!.content_text).toBe('');
  });

  it('shows the first ten of the list when the latest cannot be read, still with one list request', async () => {
    const asked = api(['/api/articles/latest']);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const home = await loadHome(browserApi(new AbortController().signal));
    expect(logged).toHaveBeenCalledWith('伺服器錯誤', expect.anything());
    expect(home.latest).toEqual([]);
    expect(home.more.articles.map((a) => a.id)).toEqual([60, 59, 58, 57, 56, 55, 54, 53, 52, 51]);
    expect(home.more.next).toBe(10);
    expect(asked.filter((path) => path.startsWith('/api/articles?'))).toEqual(['/api/articles?page=1&limit=18']);
  });
});
