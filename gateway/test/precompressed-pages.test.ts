import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { GatewayCache } from '../src/cache/response-cache.js';
import { createFrontends } from '../src/frontends/serve-frontends.js';
import { decodedBody, rawRequest, startPageContent, writeRenderingFrontends, type RawAnswer } from './support/rendered-pages.js';

// A cached rendered page, answered to browsers: compressed once, each response joined around its
// own nonce, and decoding to exactly the page with the nonce its Content-Security-Policy names.

describe('cached pages answered compressed', () => {
  let dir: string;
  let content: Server;
  let gateway: RunningServer;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coinmag-precompressed-'));
    await writeRenderingFrontends(dir);
    const pageContent = await startPageContent();
    content = pageContent.server;
    const contentUrl = pageContent.url;
    const cache = new GatewayCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, staleMs: 60_000 });
    cache.setTrusted(true);
    const log = pino({ level: 'silent' });
    const frontends = createFrontends({ frontendsDir: dir, contentUrl, log, cache });
    const config = { CONTENT_URL: contentUrl, AUTH_URL: contentUrl, MEDIA_URL: contentUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000 };
    gateway = await listen(createGatewayApp({ config, log, frontends: frontends.serve, pages: frontends.pages }), 0, '127.0.0.1');
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((done) => content?.close(done));
    await rm(dir, { recursive: true, force: true });
  });

  it('decodes to the page with the nonce of its own policy, in brotli and in gzip, the same page as sent uncompressed', async () => {
    const plain = await rawRequest(`${base}/article/a`, { 'accept-encoding': 'identity' });
    expect(plain.encoding).toBeUndefined();
    const page = plain.body.toString();
    expect(page).toContain(`<script nonce="${plain.nonce}">window.early`);
    // A client that takes only brotli waits for it; after that, browsers get it too.
    const expected = { gzip: 'gzip', br: 'br', 'gzip, deflate, br, zstd': 'br', 'deflate, gzip;q=0.5, br;q=0': 'gzip' };
    for (const [acceptEncoding, encoding] of Object.entries(expected)) {
      const answer = await rawRequest(`${base}/article/a`, { 'accept-encoding': acceptEncoding });
      expect(answer.encoding).toBe(encoding);
      expect(answer.nonce).not.toBe(plain.nonce);
      expect(decodedBody(answer)).toBe(page.replaceAll(plain.nonce, answer.nonce));
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
    }
  });

  it('compresses a page once: two responses differ only in their nonces', async () => {
    await rawRequest(`${base}/article/b`, { 'accept-encoding': 'identity' });
    for (const encoding of ['br', 'gzip']) {
      const first = await rawRequest(`${base}/article/b`, { 'accept-encoding': encoding });
      const second = await rawRequest(`${base}/article/b`, { 'accept-encoding': encoding });
      expect(first.body.length).toBe(second.body.length);
      // Compressed per response, the nonces would not sit as plain bytes in the stream; gzip's trailer (its CRC-32) differs too.
      const bytes = (raw: RawAnswer) => raw.body.subarray(0, encoding === 'gzip' ? -8 : undefined).toString('latin1');
      const nonces = decodedBody(first).split(first.nonce).length - 1;
      expect(nonces).toBeGreaterThan(1);
      expect(bytes(first).split(first.nonce).length - 1).toBe(nonces);
      expect(bytes(first).replaceAll(first.nonce, second.nonce)).toBe(bytes(second));
    }
  });

  it('sends a browser gzip while the page is new and brotli once it is asked for again', async () => {
    const browser = 'gzip, deflate, br, zstd';
    expect((await rawRequest(`${base}/article/c`, { 'accept-encoding': browser })).encoding).toBe('gzip');
    let answer = await rawRequest(`${base}/article/c`, { 'accept-encoding': browser });
    for (let i = 0; i < 50 && answer.encoding !== 'br'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await rawRequest(`${base}/article/c`, { 'accept-encoding': browser });
    }
    expect(answer.encoding).toBe('br');
    const nonces = new Set([...decodedBody(answer).matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]));
    expect([...nonces]).toEqual([answer.nonce]);
  });
});
