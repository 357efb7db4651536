import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinList } from '@coinmag/contracts';
import { createLogger } from '@coinmag/service-kit';
import { serveFrontends } from '../../gateway/src/frontends/serve-frontends.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['sitemap', 'url'].includes(name) });
const origin = 'https://coinmag.example';
const COINS: CoinList = {
  coins: [
    { symbol: 'btc', name: '比特幣', tag: '比特幣', quote: null },
    { symbol: 'eth', name: '以太幣', tag: '以太坊', quote: null },
  ],
};

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function xml(url: string): Promise<{ status: number; doc: any }> {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status === 200) expect(XMLValidator.validate(text)).toBe(true);
  return { status: res.status, doc: res.status === 200 ? parser.parse(text) : undefined };
}

describe('coin pages in the sitemap', () => {
  let api: ContentHarness;
  let dir: string;
  const servers: Server[] = [];
  let withMarkets: string;
  let withoutMarkets: string;
  /** What the markets stand-in answers: the coin list, or a failure. */
  let marketsAnswer: { status: number; body: unknown } = { status: 200, body: COINS };

  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { slug: 'one', title: '一', category_id: null, published_at: new Date('2024-03-05T01:00:00Z') });
    dir = await mkdtemp(join(tmpdir(), 'coinmag-coins-sitemap-'));
    await mkdir(join(dir, 'shell', 'dist'), { recursive: true });
    await writeFile(join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-boot--></div></body></html>');
    const markets = createServer((req, res) => {
      const ok = req.url === '/api/markets/coins';
      res.writeHead(ok ? marketsAnswer.status : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? marketsAnswer.body : { error: 'not found' }));
    });
    const marketsUrl = await listen(markets);
    servers.push(markets);
    const gatewayWith = (marketsReader?: (path: string) => Promise<Response>) => {
      const app = new Koa();
      app.use(serveFrontends({ frontendsDir: dir, contentUrl: api.url, log: createLogger('test', 'silent'), siteOrigin: origin, ...(marketsReader ? { marketsReader } : {}) }));
      const server = createServer(app.callback());
      servers.push(server);
      return listen(server);
    };
    withMarkets = await gatewayWith((path) => fetch(new URL(path, marketsUrl)));
    withoutMarkets = await gatewayWith();
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) server.close();
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists /coins and each priced coin’s page, named in the sitemap index', async () => {
    const index = await xml(`${withMarkets}/sitemap.xml`);
    const files = index.doc.sitemapindex.sitemap.map((file: { loc: string }) => file.loc);
    expect(files).toContain(`${origin}/sitemaps/coins.xml`);
    expect(files.indexOf(`${origin}/sitemaps/coins.xml`)).toBe(files.indexOf(`${origin}/sitemaps/news.xml`) - 1);
    const coins = await xml(`${withMarkets}/sitemaps/coins.xml`);
    expect(coins.status).toBe(200);
    expect(coins.doc.urlset.url.map((url: { loc: string }) => url.loc)).toEqual([`${origin}/coins`, `${origin}/coin/btc`, `${origin}/coin/eth`]);
  });

  it('answers 503, not an empty list, when the markets service fails or answers out of shape', async () => {
    marketsAnswer = { status: 500, body: { error: 'down' } };
    expect((await xml(`${withMarkets}/sitemaps/coins.xml`)).status).toBe(503);
    marketsAnswer = { status: 200, body: { coins: [{ symbol: 1 }] } };
    expect((await xml(`${withMarkets}/sitemaps/coins.xml`)).status).toBe(503);
    marketsAnswer = { status: 200, body: COINS };
  });

  it('names no coins file where the gateway has no markets service', async () => {
    const index = await xml(`${withoutMarkets}/sitemap.xml`);
    expect(index.doc.sitemapindex.sitemap.map((file: { loc: string }) => file.loc)).not.toContain(`${origin}/sitemaps/coins.xml`);
  });
});
