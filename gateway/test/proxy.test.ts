import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { matchRoute } from '../src/proxy/route-table.js';

interface Seen {
  method?: string;
  url?: string;
  requestId?: string;
  body?: string;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** Stands in for a service: echoes what it received, or stalls on /api/slow, or breaks on /api/broken. */
function upstream(seen: Seen): Server {
  return createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    Object.assign(seen, { method: req.method, url: req.url, requestId: req.headers['x-request-id'], body: Buffer.concat(chunks).toString() });
    if (req.url === '/api/slow') return; // never answers
    if (req.url === '/api/broken') {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      res.destroy();
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
    res.end(JSON.stringify({ ok: true }));
  });
}

describe('gateway proxy', () => {
  const seen: Seen = {};
  const content = upstream(seen);
  let gateway: Server;
  let base: string;

  beforeAll(async () => {
    const contentUrl = await listen(content);
    const app = createGatewayApp({
      config: { CONTENT_URL: contentUrl, AUTH_URL: 'http://127.0.0.1:1', MEDIA_URL: 'http://127.0.0.1:1', UPSTREAM_TIMEOUT_MS: 300, UPLOAD_TIMEOUT_MS: 300 },
      log: createLogger('gateway-test', 'silent'),
    });
    gateway = createServer(app.callback());
    base = await listen(gateway);
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    content.closeAllConnections();
    await new Promise((r) => gateway.close(r));
    await new Promise((r) => content.close(r));
  });

  it('routes each path prefix to the service that owns it', () => {
    expect(matchRoute('/api/admin/login')?.upstream).toBe('auth');
    expect(matchRoute('/api/admin/verify')?.upstream).toBe('auth');
    expect(matchRoute('/api/admin/stats')?.upstream).toBe('content');
    expect(matchRoute('/api/uploads/image')?.upstream).toBe('media');
    expect(matchRoute('/uploads/a.jpg')?.upstream).toBe('media');
    expect(matchRoute('/cards/article/%E6%AF%94.png')?.upstream).toBe('media');
    expect(matchRoute('/api/articles/x')?.upstream).toBe('content');
    expect(matchRoute('/api/admin/loginx')?.upstream).toBe('content');
    expect(matchRoute('/article/x')).toBeUndefined();
  });

  it('streams method, path, query and body to the service and its answer back, with the request id', async () => {
    const res = await fetch(`${base}/api/articles?page=2`, { method: 'POST', body: '比特幣', headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toMatchObject({ method: 'POST', url: '/api/articles?page=2', requestId: 'abc-123', body: '比特幣' });
  });

  it('makes a request id when the client sends none or a malformed one', async () => {
    const res = await fetch(`${base}/api/articles`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('answers 503 in JSON when the service is down', async () => {
    const res = await fetch(`${base}/api/admin/login`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: '服務暫時無法使用，請稍後再試' });
  });

  it('answers 504 in JSON when the service does not answer in time', async () => {
    const started = Date.now();
    const res = await fetch(`${base}/api/slow`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: '服務回應逾時，請稍後再試' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('puts the security headers on every response', async () => {
    for (const path of ['/api/articles', '/healthz', '/api/admin/login']) {
      const res = await fetch(base + path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('client address', () => {
  it('ignores a client-sent X-Forwarded-For unless proxies are trusted, and passes the real one on', async () => {
    const seenHeaders: string[] = [];
    const upstreamServer = createServer((req, res) => {
      seenHeaders.push(String(req.headers['x-forwarded-for']));
      res.end('{}');
    });
    const contentUrl = await listen(upstreamServer);
    const build = (hops: number) =>
      createGatewayApp({
        config: { CONTENT_URL: contentUrl, AUTH_URL: contentUrl, MEDIA_URL: contentUrl, UPSTREAM_TIMEOUT_MS: 1000, UPLOAD_TIMEOUT_MS: 1000, TRUSTED_PROXY_HOPS: hops },
        log: createLogger('gateway-test', 'silent'),
      });
    for (const [hops, expected] of [[0, '127.0.0.1'], [1, '203.0.113.9']] as const) {
      const server = createServer(build(hops).callback());
      const url = await listen(server);
      await fetch(`${url}/api/articles`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
      expect(seenHeaders.pop()).toBe(expected);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    upstreamServer.closeAllConnections();
    await new Promise((r) => upstreamServer.close(r));
  });
});
