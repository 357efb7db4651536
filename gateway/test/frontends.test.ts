import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { serveFrontends } from '../src/frontends/serve-frontends.js';
import { cacheControlFor } from '../src/frontends/static-assets.js';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const SETTINGS = { site_title: '測試幣誌', site_description: '網站描述', google_adsense_id: '', header_ad_script: '<script>alert(1)</script>', sidebar_ad_script: '', footer_ad_script: '' };
const ARTICLE = {
  slug: 'btc-101', title: '比特幣入門', excerpt: '<p>摘要</p>', content: '<h2 id="a">A</h2>', meta_title: '', meta_description: '', tags: '比特幣,新手',
  featured_image: '/uploads/c.jpg', category_name: '新手入門', category_slug: 'beginner', published_at: '2024-03-05T01:00:00.000Z', updated_at: '2024-03-06T01:00:00.000Z',
};

/** Stands in for the content service: settings, one article, a 404 for any other. */
function contentStub(): Server {
  return createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/settings') return send(200, SETTINGS);
    if (req.url === '/api/categories') return send(200, [{ id: 1, name: '新手入門', slug: 'beginner', description: '入門', sort_order: 1, show_in_header: true, show_in_footer: true }]);
    if (req.url === '/api/articles/btc-101') return send(200, ARTICLE);
    if (req.url === '/api/articles/carousel') return send(200, [ARTICLE]);
    return send(404, { error: '文章不存在' });
  });
}

describe('cacheControlFor', () => {
  it('keeps content-hashed files for a year and revalidates the rest', () => {
    expect(cacheControlFor('main.0a1b2c3d4e.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('__federation_expose_PublicApp.170db4c4d9.css')).toBe('public, max-age=31536000, immutable');
    for (const name of ['remoteEntry.js', 'mf-manifest.json', 'logo.svg']) expect(cacheControlFor(name)).toBe('no-cache');
  });
});

describe('serving the micro-frontends', () => {
  let dir: string;
  let base: string;
  const content = contentStub();
  let gateway: Server;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coinmag-frontends-'));
    await mkdir(join(dir, 'shell', 'dist'), { recursive: true });
    await mkdir(join(dir, 'public', 'dist'), { recursive: true });
    await writeFile(join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-boot--></div><script defer src="/mf/shell/main.0123456789.js"></script></body></html>');
    await writeFile(join(dir, 'shell', 'dist', 'main.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    await writeFile(join(dir, 'public', 'dist', 'remoteEntry.js'), 'var coinmag_public = {};');
    const contentUrl = await listen(content);
    const app = new Koa();
    app.use(serveFrontends({ frontendsDir: dir, contentUrl, log: createLogger('test', 'silent') }));
    app.use((ctx) => {
      ctx.status = 418;
      ctx.body = 'next';
    });
    gateway = createServer(app.callback());
    base = await listen(gateway);
  });

  afterAll(async () => {
    gateway.close();
    content.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves hashed assets immutable and compressed, entries revalidated', async () => {
    const asset = await fetch(`${base}/mf/shell/main.0123456789.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('application/javascript');
    const entry = await fetch(`${base}/mf/public/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(await entry.text()).toBe('var coinmag_public = {};');
  });

  it('sends brotli bytes when asked for them', async () => {
    const res = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      const url = new URL(`${base}/mf/shell/main.0123456789.js`);
      import('node:http').then(({ get }) =>
        get(url, { headers: { 'accept-encoding': 'br' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }),
      );
    });
    expect(res.encoding).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toContain('xxxx');
  });

  it('prefers brotli when a browser lists gzip first', async () => {
    for (const path of ['/mf/shell/main.0123456789.js', '/article/btc-101']) {
      const res = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
        import('node:http').then(({ get }) =>
          get(new URL(`${base}${path}`), { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
          }),
        );
      });
      expect(res.encoding, path).toBe('br');
      expect(brotliDecompressSync(res.body).length, path).toBeGreaterThan(1000);
    }
  });

  it('answers unknown files under /mf/ with a JSON 404, never the page', async () => {
    for (const path of ['/mf/shell/nope.js', '/mf/admin/remoteEntry.js', '/mf/other/x.js', '/mf/shell/../public/dist/remoteEntry.js', '/favicon.png']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('lists the remotes in a no-cache manifest, versioning entries that exist', async () => {
    const res = await fetch(`${base}/mf/manifest.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as Record<string, { name: string; entry: string }>;
    expect(manifest.public).toEqual({ name: 'coinmag_public', entry: expect.stringMatching(/^\/mf\/public\/remoteEntry\.js\?v=[\w-]+$/) });
    expect(manifest.admin).toEqual({ name: 'coinmag_admin', entry: '/mf/admin/remoteEntry.js' });
  });

  it('answers pages with the shell HTML, no-cache, and without the server code the site\'s own head (the browser renders the page)', async () => {
    const home = await fetch(`${base}/`);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const homeHtml = await home.text();
    expect(homeHtml).toContain('<title>測試幣誌</title>');
    expect(homeHtml).toContain('<meta name="description" content="網站描述" data-page-meta>');
    expect(homeHtml).toContain('"header_ad_script":"\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"');
    expect(homeHtml).not.toContain('<script>alert(1)</script>');

    const article = await (await fetch(`${base}/article/btc-101`)).text();
    expect(article).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/article\/btc-101" data-page-meta>/);

    const admin = await (await fetch(`${base}/admin/dashboard`)).text();
    expect(admin).toContain('noindex');
    expect(admin).not.toContain('coinmag-settings');
  });

  it('leaves the API, uploads and other methods to the next middleware', async () => {
    for (const path of ['/api/articles', '/uploads/a.jpg']) expect((await fetch(`${base}${path}`)).status).toBe(418);
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(418);
  });
});
