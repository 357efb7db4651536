import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveFrontends } from '../src/frontends/serve-frontends.js';
import type { PublicServer, ShellServer } from '../src/frontends/ssr/server-bundles.js';
import { ensureBuiltFrontends, FRONTENDS } from './support/built-frontends.js';


function listen(server: Server): Promise<string> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const SETTINGS = { site_title: '測試幣誌', site_description: '描述', google_adsense_id: '', header_ad_script: '', sidebar_ad_script: '', footer_ad_script: '' };
let settings = SETTINGS;

/** Stands in for the content service: settings and header categories (an unknown page needs nothing else). */
function contentStub(): Server {
  return createServer((req, res) => {
    const body = req.url === '/api/settings' ? settings : req.url === '/api/categories/header' ? [{ id: 1, name: '新聞', slug: 'news' }] : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: '找不到資源' }));
  });
}

/** Another origin serving the public remote's built dist, as a separately deployed remote would be; `hideServer` drops its server/ folder. */
function remoteHost(requests: string[], hideServer: boolean): Server {
  const dist = join(FRONTENDS, 'public', 'dist');
  return createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    requests.push(path);
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist) || (hideServer && path.startsWith('/server/'))) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (data) => res.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream' }).end(data),
      () => res.writeHead(404).end(),
    );
  });
}

/**
 * The real server bundles: the shell's (a Module Federation host) loads the public remote's server
 * container through the federation runtime, from the disk or from another origin.
 */
describe('server rendering through Module Federation with the built frontends', () => {
  const servers: Server[] = [];
  const logs: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logs.push(line) });
  let contentUrl = '';

  async function gateway(publicEntry?: string): Promise<string> {
    const app = new Koa();
    app.use(serveFrontends({ frontendsDir: FRONTENDS, contentUrl, log, remoteEntryOverrides: publicEntry ? { public: publicEntry } : {} }));
    const server = createServer(app.callback());
    servers.push(server);
    return listen(server);
  }

  beforeAll(async () => {
    await ensureBuiltFrontends();
    const content = contentStub();
    servers.push(content);
    contentUrl = await listen(content);
  }, 300_000);
  afterAll(() => {
    for (const server of servers) server.close();
  });

  /** The remote's own not-found page, rendered in the shell's layout with the header categories. */
  function expectRenderedByTheRemote(html: string) {
    expect(html).toMatch(/<main id="main"[^>]*>.*class="pub-[^"]+".*找不到頁面.*<\/main>/s);
    expect(html).toContain('新聞');
    expect(html).toContain('<script id="coinmag-boot"');
    expect(html).not.toContain('載入內容中…');
  }

  /** Both frontends' CSS inline in <head> (nothing render-blocking), named as the remote's chunk loader looks for it. */
  function expectStylesInline(html: string) {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(head).toMatch(/<style nonce="[^"]+" data-href="main\.[0-9a-f]{10}\.css">[^<]*\.sh-[^<]+<\/style>/);
    expect(head).toMatch(/<style nonce="[^"]+" data-href="__federation_expose_PublicApp\.[0-9a-f]{10}\.css">[^<]*\.pub-[^<]+<\/style>/);
  }

  it('loads the remote built beside the gateway from the disk', async () => {
    const res = await fetch(`${await gateway()}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expectRenderedByTheRemote(html);
    expectStylesInline(html);
  });

  it('loads a remote deployed on another origin (MF_PUBLIC_ENTRY) from its server/remoteEntry.js', async () => {
    const requests: string[] = [];
    const remote = remoteHost(requests, false);
    servers.push(remote);
    const remoteBase = await listen(remote);
    const res = await fetch(`${await gateway(`${remoteBase}/remoteEntry.js`)}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expectRenderedByTheRemote(html);
    expect(requests).toContain('/server/remoteEntry.js');
    // Its CSS, listed in the mf-manifest.json beside its entry, fetched from there and inlined.
    expect(requests).toContain('/mf-manifest.json');
    expectStylesInline(html);
    // The exposed module's chunk came over HTTP too, next to the entry.
    expect(requests.some((path) => /^\/server\/[\w.]+\.js$/.test(path) && path !== '/server/remoteEntry.js')).toBe(true);
  });

  it('writes plain ad markup into its slot; ad code with scripts is left to the browser', async () => {
    const plain = '<a href="https://ads.example/go" rel="sponsored"><img src="https://ads.example/b.png" alt="純標記廣告" width="728" height="90"></a>';
    const withScript = '<div id="script-ad">腳本廣告</div><script>window.adRan = true</script>';
    settings = { ...SETTINGS, header_ad_script: plain, footer_ad_script: withScript };
    try {
      const html = await (await fetch(`${await gateway()}/no/such/page`)).text();
      const header = /<aside[^>]*data-ad-slot="header"[^>]*>(.*?)<\/aside>/s.exec(html)?.[1];
      expect(header).toContain(plain);
      const footer = /<aside[^>]*data-ad-slot="footer"[^>]*>(.*?)<\/aside>/s.exec(html)?.[1];
      expect(footer).toBeDefined();
      expect(footer).not.toContain('script-ad');
      // The script ad reaches the browser only in the settings JSON, escaped, never as markup.
      expect(html).not.toContain('<script>window.adRan');
      expect(html).not.toContain('<div id="script-ad">');
    } finally {
      settings = SETTINGS;
    }
  });

  it('loads the remote again (a rebuild, a new deployment) without the runtime printing to the console', async () => {
    const shell = createRequire(import.meta.url)(join(FRONTENDS, 'shell', 'dist', 'server', 'index.cjs')) as ShellServer;
    const entry = pathToFileURL(join(FRONTENDS, 'public', 'dist', 'server', 'remoteEntry.js')).href;
    const printed = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];
    try {
      const first = await shell.loadRemoteServer<PublicServer>('coinmag_public', `${entry}?v=reload-1`, './server');
      const second = await shell.loadRemoteServer<PublicServer>('coinmag_public', `${entry}?v=reload-2`, './server');
      expect(typeof second.answerUrl).toBe('function');
      expect(second).not.toBe(first);
      for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of printed) spy.mockRestore();
    }
  });

  it('falls back to client rendering, logged, never a 500, when that server container is missing', async () => {
    const requests: string[] = [];
    const remote = remoteHost(requests, true);
    servers.push(remote);
    const remoteBase = await listen(remote);
    const res = await fetch(`${await gateway(`${remoteBase}/remoteEntry.js`)}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('載入內容中…');
    expect(html).not.toContain('coinmag-boot');
    expect(requests).toContain('/server/remoteEntry.js');
    expect(logs.some((line) => line.includes('server rendering off') && line.includes(`${remoteBase}/server/remoteEntry.js`))).toBe(true);
  });
});
