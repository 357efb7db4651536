import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { createGatewayApp, servicePool } from '../src/app.js';
import { createContentCache, type ContentCache } from '../src/cache/content-cache.js';
import { createFrontends } from '../src/frontends/serve-frontends.js';
import { ReaderNumbers } from '../src/numbers/reader-numbers.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import { ensureBuiltFrontends, FRONTENDS } from './support/built-frontends.js';

const silent = createLogger('reader-numbers-test', 'silent');
const READER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * The gateway as main.ts assembles it for public pages (its cache kept exact by the content
 * service's feed, the built frontends rendering on the server) in front of the real content
 * service on Postgres and Redis, counting searches and missing pages and handing them over.
 */
describe('searches and missing pages, counted by the gateway and kept by the content service', () => {
  let api: ContentHarness;
  let contentCache: ContentCache;
  let numbers: ReaderNumbers;
  let server: Server;
  let url: string;

  const page = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers: { 'user-agent': READER, ...headers }, redirect: 'manual' });
  const admin = async (path: string) => (await api.get(path, { headers: { authorization: `Bearer ${api.token}` } })).body;

  beforeAll(async () => {
    await ensureBuiltFrontends();
    api = await startContent();
    await insertArticle(api.db, { slug: 'bitcoin-101', title: '比特幣入門', content: '<p>什麼是比特幣</p>' });
    const config = {
      CONTENT_URL: api.url, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000,
      GATEWAY_CACHE_MB: 16, GATEWAY_CACHE_TTL_MS: 300_000, GATEWAY_CACHE_STALE_MS: 3_600_000,
    };
    contentCache = createContentCache(config, silent)!;
    contentCache.feed.start();
    const frontends = createFrontends({ frontendsDir: FRONTENDS, contentUrl: api.url, log: silent, cache: contentCache.cache });
    // Never started: the test hands over when it chooses (flush), as the timer would.
    numbers = new ReaderNumbers({ content: servicePool('content', api.url, {}, silent), timeoutMs: 5000, log: silent, flushMs: 60_000 });
    server = createServer(createGatewayApp({ config, log: silent, cache: contentCache.cache, frontends: frontends.serve, pages: frontends.pages, readerNumbers: numbers }).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await contentCache.feed.ready()).toBe(true);
    // Builds the shell and the public remote first when they are not built.
  }, 600_000);
  afterAll(async () => {
    await contentCache?.feed.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  it('counts every first-page search by its normalised term, exactly across hand-overs, cached pages included', async () => {
    // 比特幣 finds the article; ＤＯＧＥ, doge and "  Doge " are one term that finds nothing.
    for (const q of ['比特幣', '比特幣', 'ＤＯＧＥ', 'doge', '  Doge ']) expect((await page(`/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    await numbers.flush();
    // The same pages again (now from the gateway's page cache), a second page and a robot: only the first two count.
    for (const q of ['比特幣', 'DOGE']) expect((await page(`/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    expect((await page('/search?q=doge&page=2')).status).toBe(200);
    expect((await page('/search?q=doge', { 'user-agent': GOOGLEBOT })).status).toBe(200);
    expect((await page('/search')).status).toBe(200);
    await numbers.flush();

    const rows = await api.db('search_term_days').select('term', 'searches', 'zero_searches').orderBy('term');
    expect(rows.map((r) => ({ term: r.term, searches: Number(r.searches), zero: Number(r.zero_searches) }))).toEqual([
      { term: 'doge', searches: 4, zero: 4 },
      { term: '比特幣', searches: 3, zero: 0 },
    ]);
    const numbersAnswer = await admin('/api/admin/numbers/searches?period=1');
    expect(numbersAnswer.total).toBe(7);
    expect(numbersAnswer.top).toEqual([
      { term: 'doge', searches: 4, zero_searches: 4 },
      { term: '比特幣', searches: 3, zero_searches: 0 },
    ]);
    expect(numbersAnswer.zero).toEqual([{ term: 'doge', zero_searches: 4 }]);
  });

  it('counts a missing public page by path and referring host only; robots, probes and files aside', async () => {
    expect((await page('/Old-Post/', { referer: 'https://www.facebook.com/groups/123?ref=share&fbclid=abc' })).status).toBe(404);
    expect((await page('/old-post')).status).toBe(404);
    expect((await page('/article/no-such-article', { referer: 'https://t.me/s/channel' })).status).toBe(404);
    expect((await page('/old-post', { 'user-agent': GOOGLEBOT })).status).toBe(404);
    expect((await page('/wp-login.php')).status).toBe(404);
    expect((await page('/images/missing-logo.png')).status).toBe(404);
    // A page that exists is not counted.
    expect((await page('/article/bitcoin-101')).status).toBe(200);
    await numbers.flush();

    const missing = await admin('/api/admin/numbers/missing?period=7');
    expect(missing.total).toBe(3);
    expect(missing.paths).toEqual([
      { path: '/old-post', hits: 2, referrers: [{ host: '', hits: 1 }, { host: 'www.facebook.com', hits: 1 }] },
      { path: '/article/no-such-article', hits: 1, referrers: [{ host: 't.me', hits: 1 }] },
    ]);
    // Nothing of the reader is kept: no address, no query, no full referring URL.
    const stored = JSON.stringify(await api.db('missing_page_days').select('*'));
    expect(stored).not.toMatch(/fbclid|groups|127\.0\.0\.1/);
  });

  it('answers a redirect made through it at once (its write names the change), and counts it as followed', async () => {
    expect((await page('/gone-guide')).status).toBe(404);
    // Kept in the page cache as a 404 that depends on this path's redirect.
    expect((await page('/gone-guide')).status).toBe(404);
    const article = await api.db('articles').where({ slug: 'bitcoin-101' }).first('id');
    const made = await fetch(`${url}/api/admin/redirects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json', 'user-agent': READER },
      body: JSON.stringify({ from_path: '/gone-guide', target_kind: 'article', target_id: article.id }),
    });
    expect(made.status).toBe(201);
    const followed = await page('/gone-guide?utm_source=line', { referer: 'https://line.me/' });
    expect(followed.status).toBe(301);
    expect(followed.headers.get('location')).toBe('/article/bitcoin-101?utm_source=line');
    await numbers.flush();
    expect(Number((await api.db('redirect_hits').where({ path: '/gone-guide' }).first('hits')).hits)).toBe(1);
  });
});
