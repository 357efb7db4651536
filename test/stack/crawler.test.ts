import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialCardPath } from '@coinmag/rules';
import { createLogger } from '@coinmag/service-kit';
import { serveFrontends } from '../../gateway/src/frontends/serve-frontends.js';
import { ensureBuiltFrontends, FRONTENDS } from '../../gateway/test/support/built-frontends.js';
import { CrawlRepository } from '../../services/content/src/crawl/crawl.repository.js';
import { CrawlService } from '../../services/content/src/crawl/crawl.service.js';
import { insertArticle, insertCategory, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

const HOUR = 3_600_000;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['sitemap', 'url', 'item'].includes(name) });

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** Fetches an XML document, checks it is well formed, and parses it with a real parser. */
async function xml(url: string): Promise<{ status: number; type: string | null; doc: any }> {
  const res = await fetch(url);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return { status: res.status, type: res.headers.get('content-type'), doc: parser.parse(text) };
}

describe('the crawler surface: sitemap, RSS, robots, icons, slug redirects', () => {
  let api: ContentHarness;
  let dir: string;
  let gateway: Server;
  let base: string;
  /** The gateway with the built frontends: pages answered and rendered by the public remote. */
  let pages: Server;
  let pagesBase: string;
  let bitcoinId: number;
  const origin = 'https://coinmag.example';

  beforeAll(async () => {
    api = await startContent();
    bitcoinId = await insertCategory(api.db, { slug: 'bitcoin', name: '比特幣' });
    await insertCategory(api.db, { slug: 'hidden-cat', name: '停用', is_active: false });
    // Published times chosen so that Taipei's date differs from UTC's.
    await insertArticle(api.db, { slug: 'late-night', title: '深夜 & <快訊>', excerpt: '<p>摘要 &amp; 重點</p>', category_id: bitcoinId, featured_image: '/uploads/cover.jpg', published_at: new Date('2024-03-04T17:30:00Z') });
    await insertArticle(api.db, { slug: 'morning', title: '早安', category_id: null, published_at: new Date('2024-03-05T01:00:00Z') });
    await insertArticle(api.db, { slug: 'a-draft', title: '草稿', status: 'draft', published_at: null });
    await insertArticle(api.db, { slug: 'a-scheduled', title: '排程', status: 'scheduled', published_at: new Date(Date.now() + 2 * HOUR) });
    dir = await mkdtemp(join(tmpdir(), 'coinmag-crawler-'));
    await mkdir(join(dir, 'shell', 'dist'), { recursive: true });
    await writeFile(join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-boot--></div></body></html>');
    await writeFile(join(dir, 'shell', 'dist', 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
    const app = new Koa();
    app.use(serveFrontends({ frontendsDir: dir, contentUrl: api.url, log: createLogger('test', 'silent'), siteOrigin: origin }));
    gateway = createServer(app.callback());
    base = await listen(gateway);
    await ensureBuiltFrontends();
    const rendering = new Koa();
    rendering.use(serveFrontends({ frontendsDir: FRONTENDS, contentUrl: api.url, log: createLogger('test', 'silent'), siteOrigin: origin }));
    pages = createServer(rendering.callback());
    pagesBase = await listen(pages);
  }, 300_000);
  afterAll(async () => {
    gateway?.close();
    pages?.close();
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const publicSlugs = async (): Promise<string[]> =>
    (await api.db('articles').where('status', 'published').where('published_at', '<=', new Date()).orderBy('id').select('slug')).map((r: { slug: string }) => r.slug);

  it('answers a sitemap index whose files list exactly the public articles and active categories', async () => {
    const index = await xml(`${base}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.type).toBe('application/xml; charset=utf-8');
    const files: Array<{ loc: string; lastmod?: string }> = index.doc.sitemapindex.sitemap;
    expect(files.map((f) => f.loc)).toEqual([`${origin}/sitemaps/articles-1.xml`, `${origin}/sitemaps/categories.xml`, `${origin}/sitemaps/learn.xml`, `${origin}/sitemaps/news.xml`]);
    // Nothing was published in the last two days: the news sitemap has no lastmod.
    for (const file of files.slice(0, 2)) expect(Number.isNaN(Date.parse(file.lastmod ?? ''))).toBe(false);
    expect(files[2]!.lastmod).toBeUndefined();

    const articles = await xml(`${base}/sitemaps/articles-1.xml`);
    const urls: Array<{ loc: string; lastmod: string }> = articles.doc.urlset.url;
    expect(urls.map((u) => u.loc)).toEqual((await publicSlugs()).map((slug) => `${origin}/article/${slug}`));
    const late = await api.db('articles').where({ slug: 'late-night' }).first('updated_at', 'published_at');
    expect(urls[0]!.lastmod).toBe(new Date(Math.max(late.updated_at.getTime(), late.published_at.getTime())).toISOString());

    const categories = await xml(`${base}/sitemaps/categories.xml`);
    const locs = categories.doc.urlset.url.map((u: { loc: string }) => u.loc);
    expect(locs).toContain(`${origin}/category/bitcoin`);
    expect(locs).not.toContain(`${origin}/category/hidden-cat`);
    expect((await fetch(`${base}/sitemaps/articles-2.xml`)).status).toBe(404);
  });

  it('splits the article sitemap by count, at most the file size per file', async () => {
    const service = new CrawlService(new CrawlRepository(api.db), () => new Date(), 1);
    const index = await service.index();
    expect(index.articles.map((f) => f.page)).toEqual([1, 2]);
    expect((await service.articles(1)).map((e) => e.slug)).toEqual(['late-night']);
    expect((await service.articles(2)).map((e) => e.slug)).toEqual(['morning']);
  });

  it('shows a newly published article in the sitemap at once (the cache follows publishing)', async () => {
    const before = (await xml(`${base}/sitemaps/articles-1.xml`)).doc.urlset.url.length;
    await api.db('articles').where({ slug: 'a-scheduled' }).update({ status: 'published', published_at: new Date(Date.now() - 1000) });
    await api.content.cache.invalidate(['articles']);
    const after = (await xml(`${base}/sitemaps/articles-1.xml`)).doc.urlset.url.map((u: { loc: string }) => u.loc);
    expect(after).toHaveLength(before + 1);
    expect(after).toContain(`${origin}/article/a-scheduled`);
    await api.db('articles').where({ slug: 'a-scheduled' }).update({ status: 'scheduled', published_at: new Date(Date.now() + 2 * HOUR) });
    await api.content.cache.invalidate(['articles']);
  });

  it('answers RSS 2.0 with the latest public articles, RFC 822 Taipei dates, category, excerpt and cover', async () => {
    const feed = await xml(`${base}/rss.xml`);
    expect(feed.type).toBe('application/rss+xml; charset=utf-8');
    expect(feed.doc.rss['@version']).toBe('2.0');
    const items: any[] = feed.doc.rss.channel.item;
    const expected = await api.db('articles').where('status', 'published').where('published_at', '<=', new Date()).orderBy('published_at', 'desc').limit(20).select('slug', 'published_at');
    expect(items.map((i) => i.link)).toEqual(expected.map((r: { slug: string }) => `${origin}/article/${r.slug}`));
    const late = items.find((i) => i.link.endsWith('/late-night'));
    expect(late.title).toBe('深夜 & <快訊>');
    expect(late.guid['#text']).toBe(`${origin}/article/late-night`);
    expect(late.pubDate).toBe('Tue, 05 Mar 2024 01:30:00 +0800');
    expect(late.category).toBe('比特幣');
    expect(late.description).toBe('摘要 & 重點');
    expect(late.enclosure).toMatchObject({ '@url': `${origin}/uploads/cover.jpg`, '@type': 'image/jpeg' });
    for (const item of items) expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0800$/);
  });

  it('answers a category feed with only that category, and 404 for an unknown one', async () => {
    const feed = await xml(`${base}/category/bitcoin/rss.xml`);
    expect(feed.doc.rss.channel.title).toContain('比特幣');
    expect(feed.doc.rss.channel.item.map((i: { link: string }) => i.link)).toEqual([`${origin}/article/late-night`]);
    expect((await fetch(`${base}/category/nope/rss.xml`)).status).toBe(404);
  });

  it('answers robots.txt, the manifest and the favicon', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    const text = await robots.text();
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /search');
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect((await manifest.json()).icons.length).toBeGreaterThan(1);
    const icon = await fetch(`${base}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
  });

  it('answers 301 from an old article or category slug to the new one, and 404 for a slug never used', async () => {
    await api.db('articles').where({ slug: 'morning' }).update({ slug: 'good-morning' });
    await api.db('categories').where({ slug: 'bitcoin' }).update({ slug: 'btc' });
    await api.content.cache.invalidate(['articles', 'categories']);
    const article = await fetch(`${pagesBase}/article/morning?utm=x`, { redirect: 'manual' });
    expect(article.status).toBe(301);
    expect(article.headers.get('location')).toBe('/article/good-morning?utm=x');
    const category = await fetch(`${pagesBase}/category/bitcoin`, { redirect: 'manual' });
    expect(category.status).toBe(301);
    expect(category.headers.get('location')).toBe('/category/btc');
    expect((await fetch(`${pagesBase}/article/never-was`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${pagesBase}/category/never-was`, { redirect: 'manual' })).status).toBe(404);
    // A slug taken again by another article belongs to that article, not to the redirect.
    await insertArticle(api.db, { slug: 'morning', title: '新的早安' });
    await api.content.cache.invalidate(['articles']);
    expect((await fetch(`${pagesBase}/article/morning`, { redirect: 'manual' })).status).toBe(200);
  });

  it('names the social card of an article without a cover in og:image, twitter:image and JSON-LD; the cover otherwise', async () => {
    const page = async (slug: string) => (await fetch(`${pagesBase}/article/${slug}`)).text();
    const morning = (await api.get('/api/articles/morning')).body;
    const card = `${origin}${socialCardPath('morning', { title: morning.title, category: morning.category_name, siteTitle: (await api.get('/api/settings')).body.site_title })}`;
    const withoutCover = await page('morning');
    expect(withoutCover).toContain(`<meta property="og:image" content="${card.replaceAll('&', '&amp;')}"`);
    expect(withoutCover).toContain(`<meta name="twitter:image" content="${card.replaceAll('&', '&amp;')}"`);
    expect(withoutCover).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(withoutCover).toContain(`"image":["${card}"]`);
    const withCover = await page('late-night');
    expect(withCover).toContain(`<meta property="og:image" content="${origin}/uploads/cover.jpg"`);
    expect(withCover).not.toContain('/cards/article/');
  });

  it('answers 503 with Retry-After, not a 200, for an article page when the content service is down', async () => {
    const app = new Koa();
    app.use(serveFrontends({ frontendsDir: FRONTENDS, contentUrl: 'http://127.0.0.1:9', log: createLogger('test', 'silent') }));
    const down = createServer(app.callback());
    const url = await listen(down);
    try {
      const res = await fetch(`${url}/article/late-night`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.text()).toContain('載入文章失敗');
    } finally {
      down.close();
    }
  });
});
