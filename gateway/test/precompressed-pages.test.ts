import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { GatewayCache } from '../src/cache/response-cache.js';
import { serveFrontends } from '../src/frontends/serve-frontends.js';

// A cached rendered page, answered to browsers: compressed once, each response joined around its
// own nonce, and decoding to exactly the page with the nonce its Content-Security-Policy names.

const TEMPLATE =
  '<!doctype html><html lang="zh-Hant-TW"><head><!--app-head--><style>body{margin:0}</style><script>window.early = 1</script></head>' +
  '<body><div id="root"><!--app-root--></div><script defer src="/mf/shell/main.0123456789.js"></script></body></html>';
const SHELL_BUNDLE = `exports.loadRemoteServer = async (name, entry) => require(require('node:url').fileURLToPath(new URL(entry)));
exports.renderPage = (url) => '<main>' + Array.from({ length: 200 }, (_, i) => '<p>第 ' + i + ' 段：比特幣、以太坊與穩定幣的入門說明。</p>').join('') + url + '</main>';`;
const PUBLIC_BUNDLE = `exports.PublicApp = function PublicApp() {};
exports.setApiBase = () => {};
exports.loadPageData = async (pathname) => ({ data: { key: pathname, state: {} }, status: 200 });`;

interface Raw {
  encoding: string | undefined;
  nonce: string;
  body: Buffer;
}

/** A GET with the bytes as sent (fetch would decode them). */
function rawGet(url: string, acceptEncoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
        resolve({ encoding: res.headers['content-encoding'], nonce, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

function decoded({ encoding, body }: Raw): string {
  return (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();
}

describe('cached pages answered compressed', () => {
  let dir: string;
  let content: Server;
  let gateway: RunningServer;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coinmag-precompressed-'));
    for (const name of ['shell', 'public']) await mkdir(join(dir, name, 'dist', 'server'), { recursive: true });
    await writeFile(join(dir, 'shell', 'dist', 'index.html'), TEMPLATE);
    await writeFile(join(dir, 'shell', 'dist', 'server', 'index.cjs'), SHELL_BUNDLE);
    await writeFile(join(dir, 'public', 'dist', 'server', 'remoteEntry.js'), PUBLIC_BUNDLE);
    await writeFile(join(dir, 'public', 'dist', 'remoteEntry.js'), 'var coinmag_public = {};');
    content = createServer((req, res) => {
      const body = req.url === '/api/settings' ? { site_title: '幣誌' } : req.url === '/api/categories/header' ? [] : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: '找不到資源' }));
    });
    await new Promise<void>((done) => content.listen(0, '127.0.0.1', done));
    const contentUrl = `http://127.0.0.1:${(content.address() as AddressInfo).port}`;
    const cache = new GatewayCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, staleMs: 60_000 });
    cache.setTrusted(true);
    const log = pino({ level: 'silent' });
    const frontends = serveFrontends({ frontendsDir: dir, contentUrl, log, cache });
    const config = { CONTENT_URL: contentUrl, AUTH_URL: contentUrl, MEDIA_URL: contentUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000 };
    gateway = await listen(createGatewayApp({ config, log, frontends }), 0, '127.0.0.1');
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((done) => content?.close(done));
    await rm(dir, { recursive: true, force: true });
  });

  it('decodes to the page with the nonce of its own policy, in brotli and in gzip, the same page as sent uncompressed', async () => {
    const plain = await rawGet(`${base}/article/a`, 'identity');
    expect(plain.encoding).toBeUndefined();
    const page = plain.body.toString();
    expect(page).toContain(`<script nonce="${plain.nonce}">window.early`);
    // A client that takes only brotli waits for it; after that, browsers get it too.
    const expected = { gzip: 'gzip', br: 'br', 'gzip, deflate, br, zstd': 'br', 'deflate, gzip;q=0.5, br;q=0': 'gzip' };
    for (const [acceptEncoding, encoding] of Object.entries(expected)) {
      const answer = await rawGet(`${base}/article/a`, acceptEncoding);
      expect(answer.encoding).toBe(encoding);
      expect(answer.nonce).not.toBe(plain.nonce);
      expect(decoded(answer)).toBe(page.replaceAll(plain.nonce, answer.nonce));
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
    }
  });

  it('compresses a page once: two responses differ only in their nonces', async () => {
    await rawGet(`${base}/article/b`, 'identity');
    for (const encoding of ['br', 'gzip']) {
      const first = await rawGet(`${base}/article/b`, encoding);
      const second = await rawGet(`${base}/article/b`, encoding);
      expect(first.body.length).toBe(second.body.length);
      // Compressed per response, the nonces would not sit as plain bytes in the stream; gzip's trailer (its CRC-32) differs too.
      const bytes = (raw: Raw) => raw.body.subarray(0, encoding === 'gzip' ? -8 : undefined).toString('latin1');
      const nonces = decoded(first).split(first.nonce).length - 1;
      expect(nonces).toBeGreaterThan(1);
      expect(bytes(first).split(first.nonce).length - 1).toBe(nonces);
      expect(bytes(first).replaceAll(first.nonce, second.nonce)).toBe(bytes(second));
    }
  });

  it('sends a browser gzip while the page is new and brotli once it is asked for again', async () => {
    const browser = 'gzip, deflate, br, zstd';
    expect((await rawGet(`${base}/article/c`, browser)).encoding).toBe('gzip');
    let answer = await rawGet(`${base}/article/c`, browser);
    for (let i = 0; i < 50 && answer.encoding !== 'br'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await rawGet(`${base}/article/c`, browser);
    }
    expect(answer.encoding).toBe('br');
    const nonces = new Set([...decoded(answer).matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]));
    expect([...nonces]).toEqual([answer.nonce]);
  });
});
