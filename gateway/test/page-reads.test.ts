import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayCache } from '../src/cache/response-cache.js';
import { createFrontends } from '../src/frontends/serve-frontends.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import { ensureBuiltFrontends, FRONTENDS } from './support/built-frontends.js';


function listen(server: Server): Promise<string> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** Passes every request on to the content service unchanged, noting its path: what the renderer really asked for. */
function tap(target: string, seen: string[]): Server {
  const to = new URL(target);
  return createServer((req, res) => {
    seen.push(req.url!);
    const upstream = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

// A rendered page reads each resource once, through the gateway's cache of API answers: the head
// (title, meta) and the public remote's loaders (the page's data) share the same records.
describe('the reads behind a rendered page', () => {
  let api: ContentHarness;
  const servers: Server[] = [];
  const seen: string[] = [];
  let base: string;

  beforeAll(async () => {
    await ensureBuiltFrontends();
    api = await startContent();
    await insertArticle(api.db, { slug: 'read-once', title: '只讀一次的文章' });
    const tapped = tap(api.url, seen);
    servers.push(tapped);
    const contentUrl = await listen(tapped);
    const cache = new GatewayCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, staleMs: 60_000 });
    cache.setTrusted(true);
    const app = new Koa();
    app.use(createFrontends({ frontendsDir: FRONTENDS, contentUrl, log: pino({ level: 'silent' }), cache }).serve);
    const gateway = createServer(app.callback());
    servers.push(gateway);
    base = await listen(gateway);
  }, 300_000);
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
    await api?.close();
  });

  it('fetches the article once for its head and its server-rendered body', async () => {
    // The first render loads the server code; the page asked about is the second one.
    await fetch(`${base}/no/such/page`);
    seen.length = 0;
    const res = await fetch(`${base}/article/read-once`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>只讀一次的文章');
    // Rendered on the server, not in the browser: the article's body is in the page.
    expect(html).toMatch(/<main id="main"[^>]*>.*只讀一次的文章.*<\/main>/s);
    expect(seen.filter((path) => path === '/api/articles/read-once')).toHaveLength(1);
    expect(seen.filter((path) => path === '/api/settings')).toHaveLength(0);
  });
});
