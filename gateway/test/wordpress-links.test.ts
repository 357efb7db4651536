import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { insertArticle, insertCategory, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import { createGatewayApp } from '../src/app.js';
import type { Middleware } from 'koa';

/** Old WordPress addresses through the gateway, looked up in the real content service's tables. */
describe('old WordPress links answered 301 by the gateway', () => {
  let content: ContentHarness;
  let gateway: Server;
  let base: string;

  beforeAll(async () => {
    content = await startContent();
    const article = await insertArticle(content.db, { slug: '比特幣突破新高', title: '比特幣突破新高' });
    await insertCategory(content.db, { slug: '比特幣', name: '比特幣' });
    await content.db('wordpress_sources').insert({ site: 'https://old.example', wp_post_id: 11, article_id: article.id, wp_link: 'https://old.example/?p=11', wp_slug: '比特幣突破新高', source_hash: 'x', imported_version: 1 });
    await content.db('wordpress_terms').insert([
      { site: 'https://old.example', kind: 'category', wp_slug: '比特幣', target: '比特幣' },
      { site: 'https://old.example', kind: 'tag', wp_slug: 'etf', target: 'ETF' },
    ]);
    // Stands in for the shell: every page it does not know is its 404.
    const pages = (async (ctx) => {
      ctx.status = ctx.path.startsWith('/article/') ? 200 : 404;
      ctx.body = `page ${ctx.path}`;
    }) as Middleware;
    const app = createGatewayApp({
      config: { CONTENT_URL: content.url, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 2000, UPLOAD_TIMEOUT_MS: 2000 },
      log: createLogger('gateway-test', 'silent'),
      frontends: pages,
    });
    gateway = await new Promise((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gateway?.closeAllConnections();
    await new Promise((resolve) => gateway?.close(resolve));
    await content?.close();
  });

  const visit = (path: string) => fetch(base + path, { redirect: 'manual' });
  const article = `/article/${encodeURIComponent('比特幣突破新高')}`;

  it.each([
    ['/?p=11', article],
    ['/2024/05/01/%e6%af%94%e7%89%b9%e5%b9%a3%e7%aa%81%e7%a0%b4%e6%96%b0%e9%ab%98/', article],
    ['/2024/05/%e6%af%94%e7%89%b9%e5%b9%a3%e7%aa%81%e7%a0%b4%e6%96%b0%e9%ab%98/', article],
    ['/%e6%af%94%e7%89%b9%e5%b9%a3%e7%aa%81%e7%a0%b4%e6%96%b0%e9%ab%98/', article],
    ['/category/%e6%af%94%e7%89%b9%e5%b9%a3/', `/category/${encodeURIComponent('比特幣')}`],
    ['/tag/etf/', '/tag/ETF'],
    ['/feed/', '/rss.xml'],
  ])('answers %s with 301 to %s', async (path, location) => {
    const res = await visit(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it('lets unknown old links and our own pages through to the normal answer', async () => {
    expect((await visit('/2024/05/no-such-post/')).status).toBe(404);
    expect((await visit('/?p=999')).status).toBe(404);
    expect((await visit('/about/')).status).toBe(404);
    expect((await visit(article)).status).toBe(200);
  });
});
