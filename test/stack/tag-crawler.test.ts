import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { serveFrontends } from '../../gateway/src/frontends/serve-frontends.js';
import { ensureBuiltFrontends, FRONTENDS } from '../../gateway/test/support/built-frontends.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['sitemap', 'url', 'item'].includes(name) });

async function xml(url: string): Promise<{ status: number; doc: any }> {
  const res = await fetch(url);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return { status: res.status, doc: parser.parse(text) };
}

/** Tag pages for crawlers (docs/product.md §3): their head, one URL per tag, a feed each, a place in the sitemap. */
describe('tag pages: head, redirects of other spellings, RSS and sitemap', () => {
  let api: ContentHarness;
  let gateway: Server;
  let base: string;
  const origin = 'https://coinmag.example';
  const btcPath = '/tag/btc';
  const chinesePath = `/tag/${encodeURIComponent('比特幣')}`;

  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { slug: 'older', title: '舊聞', tags: ['BTC', '比特幣'], published_at: new Date(Date.now() - 7_200_000) });
    await insertArticle(api.db, { slug: 'newer', title: '新聞 & <快訊>', tags: ['ｂｔｃ'], published_at: new Date(Date.now() - 3_600_000) });
    await insertArticle(api.db, { slug: 'untagged', title: '無標籤', published_at: new Date(Date.now() - 60_000) });
    await insertArticle(api.db, { slug: 'draft', title: '草稿', tags: ['內部題目'], status: 'draft', published_at: null });
    // Pages are answered and rendered by the built public remote (it writes their heads).
    await ensureBuiltFrontends();
    const app = new Koa();
    app.use(serveFrontends({ frontendsDir: FRONTENDS, contentUrl: api.url, log: createLogger('test', 'silent'), siteOrigin: origin }));
    gateway = createServer(app.callback());
    base = await new Promise((resolve) => gateway.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`)));
  }, 300_000);
  afterAll(async () => {
    gateway?.close();
    await api?.close();
  });

  it('writes the tag page head: its title, canonical URL and feed', async () => {
    const res = await fetch(`${base}${btcPath}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>標籤：BTC | ');
    expect(html).toContain(`<link rel="canonical" href="${origin}${btcPath}"`);
    expect(html).toContain(`href="${origin}${btcPath}/rss.xml"`);
    expect(html).toContain('共 2 篇文章');
    expect(html).not.toContain('noindex');
  });

  it('sends every other spelling of a tag to its one page with a 301, query kept', async () => {
    for (const spelling of ['BTC', '%EF%BC%A2%EF%BC%B4%EF%BC%A3', 'btc/', 'Btc']) {
      const res = await fetch(`${base}/tag/${spelling}?page=2`, { redirect: 'manual' });
      expect(res.status, spelling).toBe(301);
      expect(res.headers.get('location')).toBe(`${btcPath}?page=2`);
    }
  });

  it('answers 404, not indexed, for a tag no public article carries', async () => {
    for (const path of [`/tag/${encodeURIComponent('內部題目')}`, '/tag/nothing', '/tag/a%2Fb']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain('<title>標籤不存在');
      expect(html).toContain('noindex');
    }
    expect((await fetch(`${base}/tag/nothing/rss.xml`)).status).toBe(404);
  });

  it('answers a tag feed with the articles of every spelling of the tag, newest first', async () => {
    const feed = await xml(`${base}${btcPath}/rss.xml`);
    expect(feed.status).toBe(200);
    expect(feed.doc.rss.channel.title).toContain('#BTC');
    expect(feed.doc.rss.channel.link).toBe(`${origin}${btcPath}`);
    expect(feed.doc.rss.channel.item.map((i: { link: string }) => i.link)).toEqual([`${origin}/article/newer`, `${origin}/article/older`]);
    const moved = await fetch(`${base}/tag/BTC/rss.xml`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`${btcPath}/rss.xml`);
  });

  it('lists each public tag once in its own sitemap, named in the sitemap index', async () => {
    const index = await xml(`${base}/sitemap.xml`);
    expect(index.doc.sitemapindex.sitemap.map((file: { loc: string }) => file.loc)).toContain(`${origin}/sitemaps/tags.xml`);
    const tags = await xml(`${base}/sitemaps/tags.xml`);
    expect(tags.doc.urlset.url.map((url: { loc: string }) => url.loc)).toEqual([`${origin}${btcPath}`, `${origin}${chinesePath}`]);
  });
});
