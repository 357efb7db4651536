import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Middleware } from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_BEACONS_PATH, type ViewBeaconBatch } from '@coinmag/contracts';
import { createRuntime, FORWARDING_SECRET_HEADER, type ServiceRuntime } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { SECURITY_HEADERS } from '../src/security-headers.js';

// The lane that passes view beacons on before the chain must answer exactly as the chain does.
const VOLATILE = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !VOLATILE.has(name)).sort());
const PV = '3f1c2b9e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const SECRET = 'gateway-secret';
/** What the stand-in answers a beacon of `slug`: a figure of its own per slug. */
const answerFor = (slug: string) => ({ view_count: slug.length, counted: true });

/**
 * Stands in for the content service: records each request; answers the single beacon route and
 * the batch route; stalls on a slug named `slow`.
 */
function fakeContent(seen: Seen[]): Server {
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    let answer: string;
    if (req.url === VIEW_BEACONS_PATH) {
      const { beacons } = JSON.parse(body) as ViewBeaconBatch;
      if (beacons.some(({ slug }) => slug === 'slow')) return;
      answer = JSON.stringify({ answers: beacons.map(({ slug }) => ({ status: 200, body: answerFor(slug) })) });
    } else {
      const slug = /^\/api\/articles\/([^/]+)\/views/.exec(req.url!)?.[1];
      if (!slug || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
        return void res.end(JSON.stringify({ error: '找不到資源' }));
      }
      if (slug === 'slow') return;
      // A slug the chain passes on undecodable (`%ZZ`) is answered for as it came.
      let decoded = slug;
      try {
        decoded = decodeURIComponent(slug);
      } catch {
        // left as sent
      }
      answer = JSON.stringify(answerFor(decoded));
    }
    // As Koa answers: with its length.
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer), 'cache-control': 'no-store', 'x-request-id': String(req.headers['x-request-id']) });
    res.end(answer);
  });
}

describe('view beacons answered before the middleware chain', () => {
  const seen: Seen[] = [];
  const content = fakeContent(seen);
  /** Paths the chain saw (the admin guard is its first step after the lanes). */
  const chainSaw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  let runtime: ServiceRuntime;
  let gateway: Server;
  let base: string;
  let contentUrl: string;

  const build = (hops: number, contentAt: string, extra: { ADMIN_ORIGIN?: string } = {}) => {
    const spy: Middleware = (ctx, next) => {
      chainSaw.push(ctx.url);
      return next();
    };
    return createGatewayApp({
      config: { CONTENT_URL: contentAt, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 300, UPLOAD_TIMEOUT_MS: 300, TRUSTED_PROXY_HOPS: hops, FORWARDING_SECRET: SECRET, ...extra },
      runtime,
      adminGuard: spy,
    });
  };

  beforeAll(async () => {
    contentUrl = await listen(content);
    const log = pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    runtime = createRuntime('gateway', log);
    gateway = createServer(build(0, contentUrl).callback());
    base = await listen(gateway);
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    content.closeAllConnections();
    await new Promise((r) => gateway.close(r));
    await new Promise((r) => content.close(r));
  });

  it('sends the status, headers and body the chain sends', async () => {
    chainSaw.length = 0;
    // An extra query parameter is not a beacon's shape: that one goes through the chain.
    const chain = await fetch(`${base}/api/articles/abc/views?pv=${PV}&via=chain`, { method: 'POST' });
    const lane = await fetch(`${base}/api/articles/abc/views?pv=${PV}`, { method: 'POST' });
    expect(chainSaw).toEqual([`/api/articles/abc/views?pv=${PV}&via=chain`]);
    expect(lane.status).toBe(200);
    expect(headersOf(lane)).toEqual(headersOf(chain));
    expect(await lane.text()).toBe(await chain.text());
    expect(lane.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(lane.headers.get('x-frame-options')).toBe('DENY');
    expect(lane.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a beacon before Koa: no middleware runs, not even the first, and every header of the edge is there', async () => {
    const app = build(0, contentUrl);
    let koaSaw = 0;
    // Before the edge stage: anything Koa handles passes here first.
    app.middleware.unshift((_ctx, next) => {
      koaSaw += 1;
      return next();
    });
    const fronted = createServer(app.callback());
    const url = await listen(fronted);
    try {
      const res = await fetch(`${url}/api/articles/abc/views?pv=${PV}`, { method: 'POST', headers: { 'x-request-id': 'before-koa-1' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(answerFor('abc'));
      expect(koaSaw).toBe(0);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(res.headers.get('x-request-id')).toBe('before-koa-1');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-length')).toBe(String(JSON.stringify(answerFor('abc')).length));
      // What is not a beacon goes to Koa, through the same callback.
      await (await fetch(`${url}/api/articles/abc/views?pv=${PV}&via=chain`, { method: 'POST' })).arrayBuffer();
      expect(koaSaw).toBe(1);
    } finally {
      fronted.closeAllConnections();
      await new Promise((r) => fronted.close(r));
    }
  });

  it('passes the beacon on with the client address as the gateway sees it, its slug, page view and user agent, and nothing of its cookies', async () => {
    seen.length = 0;
    chainSaw.length = 0;
    const slug = encodeURIComponent('比特幣-入門');
    const res = await fetch(`${base}/api/articles/${slug}/views?pv=${PV}`, {
      method: 'POST',
      headers: { 'x-request-id': 'beacon-req-1', 'x-forwarded-for': '6.6.6.6', cookie: 'coinmag-admin=secret.token; theme=dark', 'user-agent': 'beacon-test' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(answerFor('比特幣-入門'));
    expect(res.headers.get('x-request-id')).toBe('beacon-req-1');
    expect(chainSaw).toEqual([]);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: VIEW_BEACONS_PATH });
    // The gateway proves the addresses are its word; no header of the reader's goes with them.
    expect(request!.headers[FORWARDING_SECRET_HEADER]).toBe(SECRET);
    expect(request!.headers.cookie).toBeUndefined();
    expect(request!.headers['x-forwarded-for']).toBeUndefined();
    expect(JSON.parse(request!.body)).toEqual({
      // No proxy is trusted in front of this gateway: the client's own claim is ignored.
      beacons: [{ slug: '比特幣-入門', pv: PV, address: '127.0.0.1', userAgent: 'beacon-test' }],
    });
  });

  it('takes the client address from the trusted proxies, as the chain does', async () => {
    const trusting = createServer(build(1, contentUrl).callback());
    const url = await listen(trusting);
    try {
      seen.length = 0;
      await (await fetch(`${url}/api/articles/abc/views?pv=${PV}`, { method: 'POST', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } })).arrayBuffer();
      expect((JSON.parse(seen[0]!.body) as ViewBeaconBatch).beacons[0]!.address).toBe('203.0.113.9');
      seen.length = 0;
      await (await fetch(`${url}/api/articles/abc/views?pv=${PV}&via=chain`, { method: 'POST', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } })).arrayBuffer();
      expect(seen[0]!.headers['x-forwarded-for']).toBe('203.0.113.9');
    } finally {
      trusting.closeAllConnections();
      await new Promise((r) => trusting.close(r));
    }
  });

  it('sends the beacons that arrive together in a few requests, each beacon getting its own answer', async () => {
    seen.length = 0;
    const slugs = Array.from({ length: 40 }, (_, i) => `article-${'x'.repeat(i)}`);
    const answers = await Promise.all(slugs.map(async (slug) => (await fetch(`${base}/api/articles/${slug}/views?pv=${PV}`, { method: 'POST' })).json()));
    expect(answers).toEqual(slugs.map(answerFor));
    const batches = seen.filter((request) => request.url === VIEW_BEACONS_PATH);
    expect(batches.length).toBe(seen.length);
    expect(batches.length).toBeLessThan(slugs.length);
    expect(batches.flatMap((request) => (JSON.parse(request.body) as ViewBeaconBatch).beacons.map(({ slug }) => slug)).sort()).toEqual([...slugs].sort());
  });

  it('logs and counts the beacon as the chain does', async () => {
    const counted = async () =>
      (await runtime.metrics.requests.get()).values.find((v) => v.labels.method === 'POST' && v.labels.route === 'other' && v.labels.status === '200')?.value ?? 0;
    const before = await counted();
    await (await fetch(`${base}/api/articles/abc/views?pv=${PV}`, { method: 'POST', headers: { 'x-request-id': 'beacon-log-1' } })).arrayBuffer();
    expect(await counted()).toBe(before + 1);
    const line = lines.find((entry) => entry.requestId === 'beacon-log-1');
    expect(line).toMatchObject({ level: 20, msg: 'request', method: 'POST', path: '/api/articles/abc/views', status: 200 });
    expect(typeof line!.ms).toBe('number');
  });

  it('answers 504 when the service is slow and 503 when it is down, in JSON with the security headers', async () => {
    const slow = await fetch(`${base}/api/articles/slow/views?pv=${PV}`, { method: 'POST' });
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({ error: '服務回應逾時，請稍後再試' });
    expect(slow.headers.get('x-content-type-options')).toBe('nosniff');
    expect(slow.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");

    const down = createServer(build(0, 'http://127.0.0.1:9').callback());
    const url = await listen(down);
    try {
      const laneAnswer = await fetch(`${url}/api/articles/abc/views?pv=${PV}`, { method: 'POST' });
      const chainAnswer = await fetch(`${url}/api/articles/abc/views?pv=${PV}&via=chain`, { method: 'POST' });
      expect(laneAnswer.status).toBe(503);
      expect(await laneAnswer.json()).toEqual({ error: '服務暫時無法使用，請稍後再試' });
      expect(headersOf(laneAnswer)).toEqual(headersOf(chainAnswer));
    } finally {
      down.closeAllConnections();
      await new Promise((r) => down.close(r));
    }
    expect(lines.some((entry) => entry.msg === 'upstream failed' && entry.failure === 'refused')).toBe(true);
  });

  it('passes on the referring host only as a checked hostname: another site\'s lower-cased, this site\'s own and garbage as none', async () => {
    const sent: Array<string | undefined> = [];
    for (const r of ['M.Facebook.com', '127.0.0.1', 'https:%2F%2Ft.co%2Fx', 'a b', '']) {
      seen.length = 0;
      chainSaw.length = 0;
      const res = await fetch(`${base}/api/articles/abc/views?pv=${PV}&r=${r}`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(chainSaw).toEqual([]);
      sent.push((JSON.parse(seen[0]!.body) as ViewBeaconBatch).beacons[0]!.referrer);
    }
    expect(sent).toEqual(['m.facebook.com', undefined, undefined, undefined, undefined]);
    // Without a page view id too; anything after it is not a beacon's shape.
    seen.length = 0;
    await (await fetch(`${base}/api/articles/abc/views?r=t.me`, { method: 'POST' })).arrayBuffer();
    expect((JSON.parse(seen[0]!.body) as ViewBeaconBatch).beacons[0]!.referrer).toBe('t.me');
    chainSaw.length = 0;
    await (await fetch(`${base}/api/articles/abc/views?r=t.me&pv=${PV}`, { method: 'POST' })).arrayBuffer();
    expect(chainSaw).toHaveLength(1);
  });

  it('leaves everything that is not exactly a beacon to the chain', async () => {
    const odd: Array<[string, RequestInit?]> = [
      [`/api/articles/admin/views?pv=${PV}`],
      [`/api/articles/ADMIN/views`],
      [`/api/articles/a/b/views`],
      [`/api/articles/abc/views/`],
      [`/api/articles/%2e%2e/views`],
      [`/api/articles/%ZZ/views`],
      [`/api/articles/${'a'.repeat(201)}/views`],
      [`/api/articles/abc/views?pv=${PV}&pv=other`],
      [`/api/articles/abc/views`, { method: 'PUT' }],
      [`/api/articles/abc/views`, { method: 'GET' }],
      [`/api/articles/abc/views`, { method: 'POST', body: 'x'.repeat(5000) }],
      [`/api/articles/abc/views`, { method: 'POST', body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('chunked')), c.close()) }), duplex: 'half' } as RequestInit],
    ];
    for (const [path, init] of odd) {
      chainSaw.length = 0;
      await (await fetch(base + path, { method: 'POST', ...init })).arrayBuffer();
      expect(chainSaw, path).toHaveLength(1);
    }
  });

  it('leaves beacons sent to the admin origin to the chain (whose admin guard refuses public writes there)', async () => {
    const split = createServer(build(0, contentUrl, { ADMIN_ORIGIN: 'http://admin.localhost' }).callback());
    const url = await listen(split);
    try {
      chainSaw.length = 0;
      await (await fetch(`${url}/api/articles/abc/views?pv=${PV}`, { method: 'POST' })).arrayBuffer();
      expect(chainSaw).toHaveLength(0);
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${url}/api/articles/abc/views?pv=${PV}`, { method: 'POST', headers: { host: 'admin.localhost' } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
      expect(chainSaw).toHaveLength(1);
      expect(status).toBe(200);
    } finally {
      split.closeAllConnections();
      await new Promise((r) => split.close(r));
    }
  });
});
