import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createRuntime, type ServiceRuntime } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createContentCache, type ContentCache } from '../src/cache/content-cache.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

// The lane that answers fresh cached public GETs before the chain must answer exactly as the chain does.
const VOLATILE = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !VOLATILE.has(name)).sort());
/** An If-None-Match that matches nothing: the request goes through the whole chain and is answered 200 from the record. */
const THROUGH_THE_CHAIN = { 'if-none-match': '"never-this-one"' };

describe('fresh cached answers sent before the middleware chain', () => {
  let api: ContentHarness;
  let contentCache: ContentCache;
  let runtime: ServiceRuntime;
  let server: Server;
  let url: string;
  /** Requests Koa handled: a middleware put before the edge stage counts them. */
  let koaSaw = 0;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    api = await startContent();
    await insertArticle(api.db, { slug: 'lane-one', title: '快速通道', content: `<p>${'內文'.repeat(800)}</p>` });
    const log = pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    runtime = createRuntime('gateway', log);
    const config = {
      CONTENT_URL: api.url, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 2000, UPLOAD_TIMEOUT_MS: 2000,
      GATEWAY_CACHE_MB: 16, GATEWAY_CACHE_TTL_MS: 300_000, GATEWAY_CACHE_STALE_MS: 3_600_000,
    };
    contentCache = createContentCache(config, log)!;
    contentCache.feed.start();
    const app = createGatewayApp({ config, runtime, cache: contentCache.cache });
    app.middleware.unshift((_ctx, next) => {
      koaSaw += 1;
      return next();
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    expect(await contentCache.feed.ready()).toBe(true);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/articles/lane-one`;
  });
  afterAll(async () => {
    await contentCache?.feed.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  it('sends the headers and body the chain sends, for each encoding', async () => {
    const miss = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(miss.headers.get('x-gateway-cache')).toBe('miss');
    const missBody = await miss.text();
    for (const encoding of ['identity', 'gzip', 'br']) {
      const chain = await fetch(url, { headers: { 'accept-encoding': encoding, ...THROUGH_THE_CHAIN } });
      const chainBody = Buffer.from(await chain.arrayBuffer());
      const lane = await fetch(url, { headers: { 'accept-encoding': encoding } });
      const laneBody = Buffer.from(await lane.arrayBuffer());
      expect(lane.status).toBe(200);
      expect(lane.headers.get('x-gateway-cache')).toBe('hit');
      expect(headersOf(lane)).toEqual(headersOf(chain));
      expect(laneBody.equals(chainBody)).toBe(true);
      expect(lane.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(lane.headers.get('x-frame-options')).toBe('DENY');
      if (encoding === 'identity') expect(laneBody.toString()).toBe(missBody);
      else expect(lane.headers.get('content-encoding')).toBe(encoding);
    }
  });

  it('answers a fresh hit before Koa: no middleware runs, not even the first', async () => {
    await (await fetch(url)).arrayBuffer();
    koaSaw = 0;
    for (const encoding of ['identity', 'gzip', 'br']) {
      const lane = await fetch(url, { headers: { 'accept-encoding': encoding } });
      await lane.arrayBuffer();
      expect(lane.headers.get('x-gateway-cache')).toBe('hit');
    }
    expect(koaSaw).toBe(0);
    // A conditional goes through Koa's chain, answered from the same record.
    await (await fetch(url, { headers: THROUGH_THE_CHAIN })).arrayBuffer();
    expect(koaSaw).toBe(1);
  });

  it('answers HEAD with the length and no body, and If-None-Match with 304 through the chain', async () => {
    const get = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-gateway-cache')).toBe('hit');
    expect(Number(head.headers.get('content-length'))).toBe(length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const conditional = await fetch(url, { headers: { 'if-none-match': get.headers.get('etag')! } });
    expect(conditional.status).toBe(304);
  });

  it('keeps a well-formed request id, makes one otherwise, and logs and counts the request', async () => {
    const counted = async () =>
      ((await runtime.metrics.requests.get()).values.find((v) => v.labels.method === 'GET' && v.labels.route === 'other' && v.labels.status === '200')?.value ?? 0);
    const before = await counted();
    const kept = await fetch(url, { headers: { 'x-request-id': 'lane-req-1' } });
    await kept.arrayBuffer();
    expect(kept.headers.get('x-gateway-cache')).toBe('hit');
    expect(kept.headers.get('x-request-id')).toBe('lane-req-1');
    const made = await fetch(url, { headers: { 'x-request-id': 'not valid!' } });
    await made.arrayBuffer();
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await counted()).toBe(before + 2);
    const line = lines.find((entry) => entry.requestId === 'lane-req-1');
    expect(line).toMatchObject({ level: 20, msg: 'request', method: 'GET', path: '/api/articles/lane-one', status: 200 });
    expect(typeof line!.ms).toBe('number');
  });

  it('never answers from a record an edit made stale', async () => {
    await (await fetch(url)).arrayBuffer();
    contentCache.cache.invalidate(['articles']);
    const after = await fetch(url);
    await after.arrayBuffer();
    expect(after.headers.get('x-gateway-cache')).toBe('miss');
  });
});
