import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayCache } from '../src/cache/response-cache.js';
import { serveFrontends } from '../src/frontends/serve-frontends.js';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const SETTINGS = { site_title: '測試幣誌', site_description: '描述', google_adsense_id: '', header_ad_script: '', sidebar_ad_script: '', footer_ad_script: '' };

/** Stands in for the content service: settings and header categories. */
function contentStub(): Server {
  return createServer((req, res) => {
    res.writeHead(req.url === '/api/settings' || req.url === '/api/categories/header' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/api/settings' ? SETTINGS : req.url === '/api/categories/header' ? [{ id: 1, name: '新聞', slug: 'news' }] : { error: '找不到資源' }));
  });
}

// Server bundles with the interface the real ones have (frontends/*/src/server.tsx), small enough to
// read: the shell's loads the remote's container from a file: or HTTP entry as the federation host does
// (ssr-federation.test.ts runs the real ones).
const SHELL_BUNDLE = `let renders = 0;
exports.loadRemoteServer = async (name, entry, exposed) => {
  const url = new URL(entry);
  if (exposed !== './server' || name !== 'coinmag_public') throw new Error('unexpected remote');
  if (url.protocol === 'file:') {
    const file = require('node:url').fileURLToPath(url);
    delete require.cache[file];
    return require(file);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error('HTTP ' + res.status);
  const module = { exports: {} };
  new Function('module', 'exports', await res.text())(module, module.exports);
  return module.exports;
};
exports.renderPage = (url, boot, PublicApp) => {
  if (url.startsWith('/explode') || url === '/?explode') throw new Error('render failed');
  renders += 1;
  if (url.startsWith('/counted')) return '<main>render ' + renders + '</main>';
  return '<main>SSR ' + url + ' ' + PublicApp.name + ' ' + boot.headerCategories.length + '</main>';
};`;
const PUBLIC_BUNDLE = `exports.PublicApp = function PublicApp() {};
exports.answerUrl = async ({ pathname, search, settings, read, signal }) => ({
  status: pathname === '/gone' ? 404 : 200,
  head: { siteTitle: settings.site_title, description: settings.site_description, path: pathname },
  // What the page read with this render's reader (the gateway's, through its cache).
  data: { key: pathname, state: { status: 'ready', read: (await (await read('/api/categories/header', signal)).json()).map((c) => c.name) } },
  lcpImage: pathname === '/' ? { src: '/uploads/c.jpg', sizes: '100vw' } : null,
});`;

describe('server rendering, and the fallback to client rendering when it cannot', () => {
  let dir: string;
  let contentUrl: string;
  const content = contentStub();
  const servers: Server[] = [];
  const logs: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logs.push(line) });

  async function gateway(overrides: Record<string, string> = {}, cache?: GatewayCache, retryMs?: number): Promise<string> {
    const app = new Koa();
    app.use(serveFrontends({ frontendsDir: dir, contentUrl, log, remoteEntryOverrides: overrides, cache, serverLoaderTiming: { retryMs: retryMs ?? 30_000 } }));
    const server = createServer(app.callback());
    servers.push(server);
    return listen(server);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coinmag-ssr-'));
    for (const name of ['shell', 'public']) await mkdir(join(dir, name, 'dist', 'server'), { recursive: true });
    await writeFile(join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-root--></div></body></html>');
    await writeFile(join(dir, 'shell', 'dist', 'server', 'index.cjs'), SHELL_BUNDLE);
    await writeFile(join(dir, 'public', 'dist', 'server', 'remoteEntry.js'), PUBLIC_BUNDLE);
    await writeFile(join(dir, 'public', 'dist', 'remoteEntry.js'), 'var coinmag_public = {};');
    contentUrl = await listen(content);
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    content.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders a public page with the server bundles and embeds the data it was rendered with', async () => {
    const base = await gateway();
    const res = await fetch(`${base}/articles?page=2`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<main>SSR /articles?page=2 PublicApp 1</main>');
    const boot = JSON.parse(/<script id="coinmag-boot" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);
    expect(boot).toEqual({ settings: SETTINGS, headerCategories: [{ id: 1, name: '新聞', slug: 'news' }], page: { key: '/articles', state: { status: 'ready', read: ['新聞'] } } });
    expect(html).not.toContain('載入內容中…');
    const missing = await fetch(`${base}/gone`);
    expect(missing.status).toBe(404);
  });

  it('serves a rendered page from the gateway cache until what it shows changes', async () => {
    const cache = new GatewayCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, staleMs: 60_000 });
    cache.setTrusted(true);
    const base = await gateway({}, cache);
    const first = await (await fetch(`${base}/counted`)).text();
    const n = Number(/render (\d+)/.exec(first)![1]);
    expect(await (await fetch(`${base}/counted`)).text()).toContain(`render ${n}</main>`);
    cache.invalidate(['articles']);
    expect(await (await fetch(`${base}/counted`)).text()).toContain(`render ${n + 1}</main>`);
    expect(await (await fetch(`${base}/counted`)).text()).toContain(`render ${n + 1}</main>`);
    cache.invalidate(['settings']);
    expect(await (await fetch(`${base}/counted`)).text()).toContain(`render ${n + 2}</main>`);
  });

  it('renders a page once for the page views that arrive while it is being rendered', async () => {
    const cache = new GatewayCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, staleMs: 60_000 });
    cache.setTrusted(true);
    const base = await gateway({}, cache);
    for (const round of [1, 2]) {
      // The second round meets the cached copy made stale, as when its TTL runs out.
      if (round === 2) cache.invalidate(['articles']);
      const pages = await Promise.all(Array.from({ length: 8 }, async () => (await fetch(`${base}/counted-together`)).text()));
      const renders = new Set(pages.map((html) => /render (\d+)/.exec(html)![1]));
      expect(renders.size, `round ${round}`).toBe(1);
    }
  });

  it('never renders the admin area on the server', async () => {
    const html = await (await fetch(`${await gateway()}/admin`)).text();
    expect(html).not.toContain('SSR');
    expect(html).not.toContain('coinmag-boot');
  });

  it('never serves the server bundles to browsers', async () => {
    const base = await gateway();
    expect((await fetch(`${base}/mf/shell/server/index.cjs`)).status).toBe(404);
    expect((await fetch(`${base}/mf/public/server/remoteEntry.js`)).status).toBe(404);
  });

  it('falls back to client rendering, logged, when a render throws', async () => {
    const res = await fetch(`${await gateway()}/explode`);
    // The remote answered (status, head); only the render failed.
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('載入內容中…');
    expect(html).not.toContain('coinmag-boot');
    expect(logs.some((line) => line.includes('server rendering failed'))).toBe(true);
  });

  it('preloads the largest image the remote names and paints the home hero from the HTML when the render fails', async () => {
    const html = await (await fetch(`${await gateway()}/?explode`)).text();
    expect(html).toContain('<link rel="preload" as="image" href="/uploads/c.jpg" imagesrcset="/uploads/c-w480.webp 480w, /uploads/c-w960.webp 960w');
    expect(html).toContain('<div class="boot-hero"><img src="/uploads/c.jpg"');
  });

  it('renders with the server container beside MF_PUBLIC_ENTRY, and falls back (logged, tried again later) when it cannot load', async () => {
    let serveContainer = false;
    const requests: string[] = [];
    const cdn = createServer((req, res) => {
      requests.push(req.url!);
      const found = serveContainer && req.url!.startsWith('/public/server/remoteEntry.js');
      res.writeHead(found ? 200 : 404, { 'content-type': 'text/javascript' });
      res.end(found ? PUBLIC_BUNDLE : 'not found');
    });
    servers.push(cdn);
    const cdnBase = await listen(cdn);
    const base = await gateway({ public: `${cdnBase}/public/remoteEntry.js` }, undefined, 200);
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('載入內容中…');
    expect(html).not.toContain('SSR');
    expect(logs.some((line) => line.includes('server rendering off') && line.includes(`${cdnBase}/public/server/remoteEntry.js`))).toBe(true);
    // Not asked again on every page: only after the retry delay.
    const asked = requests.length;
    await fetch(`${base}/`);
    expect(requests.length).toBe(asked);
    serveContainer = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await (await fetch(`${base}/`)).text()).toContain('<main>SSR /');
    expect(requests.some((url) => url.startsWith('/public/server/remoteEntry.js'))).toBe(true);
  });

  it('falls back to client rendering, never a 500, when the remote server bundle cannot load', async () => {
    const base = await gateway();
    await writeFile(join(dir, 'public', 'dist', 'server', 'remoteEntry.js'), 'throw new Error("broken bundle");');
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('載入內容中…');
    expect(html).not.toContain('SSR');
    expect(logs.some((line) => line.includes('the server code could not be loaded') && line.includes('broken bundle'))).toBe(true);
    // A fixed bundle is picked up without a restart.
    await writeFile(join(dir, 'public', 'dist', 'server', 'remoteEntry.js'), PUBLIC_BUNDLE);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await (await fetch(`${base}/`)).text()).toContain('<main>SSR /');
  });
});
