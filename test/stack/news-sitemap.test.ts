import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { serveFrontends } from '../../gateway/src/frontends/serve-frontends.js';
import { adminClient } from '../../services/content/test/admin-client.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

const HOUR = 3_600_000;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['sitemap', 'url'].includes(name) });

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

describe('the news sitemap and the IndexNow key file (docs/product.md §11)', () => {
  let api: ContentHarness;
  let dir: string;
  let gateway: Server;
  let base: string;
  const origin = 'https://coinmag.example';

  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { slug: 'fresh', title: '快訊：比特幣 & <ETF>', published_at: new Date(Date.now() - HOUR) });
    await insertArticle(api.db, { slug: 'yesterday', title: '昨天的新聞', published_at: new Date(Date.now() - 30 * HOUR) });
    await insertArticle(api.db, { slug: 'three-days', title: '三天前', published_at: new Date(Date.now() - 72 * HOUR) });
    await insertArticle(api.db, { slug: 'still-draft', title: '草稿', status: 'draft', published_at: null });
    await insertArticle(api.db, { slug: 'later', title: '排程', status: 'scheduled', published_at: new Date(Date.now() + HOUR) });
    await adminClient(api).json('PUT', '/api/settings/admin', { site_title: '幣誌新聞' });
    dir = await mkdtemp(join(tmpdir(), 'coinmag-news-'));
    await mkdir(join(dir, 'shell', 'dist'), { recursive: true });
    await writeFile(join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-boot--></div></body></html>');
    const app = new Koa();
    app.use(serveFrontends({ frontendsDir: dir, contentUrl: api.url, log: createLogger('test', 'silent'), siteOrigin: origin }));
    gateway = createServer(app.callback());
    base = await listen(gateway);
  });
  afterAll(async () => {
    gateway?.close();
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the last two days\' public articles, newest first, with publication, language, Taipei date and title', async () => {
    const res = await fetch(`${base}/sitemaps/news.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = parser.parse(text);
    expect(doc.urlset['@xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const urls = doc.urlset.url;
    expect(urls.map((u: { loc: string }) => u.loc)).toEqual([`${origin}/article/fresh`, `${origin}/article/yesterday`]);
    const fresh = urls[0]['news:news'];
    expect(fresh['news:publication']).toEqual({ 'news:name': '幣誌新聞', 'news:language': 'zh-tw' });
    expect(text).toContain('<news:title>快訊：比特幣 &amp; &lt;ETF&gt;</news:title>');
    expect(fresh['news:title']).toBe('快訊：比特幣 & <ETF>');
    const stored = await api.db('articles').where({ slug: 'fresh' }).first('published_at');
    expect(fresh['news:publication_date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(fresh['news:publication_date'])).toBe(Math.floor(stored.published_at.getTime() / 1000) * 1000);
  });

  it('is listed in the sitemap index with its newest publication, and /sitemap-news.xml leads to it', async () => {
    const index = parser.parse(await (await fetch(`${base}/sitemap.xml`)).text());
    const news = index.sitemapindex.sitemap.find((s: { loc: string }) => s.loc === `${origin}/sitemaps/news.xml`);
    const stored = await api.db('articles').where({ slug: 'fresh' }).first('published_at');
    expect(news.lastmod).toBe(stored.published_at.toISOString());
    const moved = await fetch(`${base}/sitemap-news.xml`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/sitemaps/news.xml');
  });

  it('serves the IndexNow key file only under the key of the settings', async () => {
    const key = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
    expect((await fetch(`${base}/${key}.txt`)).status).toBe(404);
    expect((await adminClient(api).json('PUT', '/api/settings/admin', { indexnow_key: key })).status).toBe(200);
    const file = await fetch(`${base}/${key}.txt`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await file.text()).toBe(key);
    expect((await fetch(`${base}/0000000000000000.txt`)).status).toBe(404);
  });
});
