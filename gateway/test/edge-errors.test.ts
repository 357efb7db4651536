import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRuntime, type ServiceRuntime } from '@coinmag/service-kit';
import { API_MESSAGES } from '@coinmag/contracts';
import { createGatewayApp, type GatewayDeps } from '../src/app.js';
import { GatewayCache } from '../src/cache/response-cache.js';
import type { CachedPages } from '../src/frontends/serve-frontends.js';

// The early lanes are stages of the one chain: whatever goes wrong in them is answered as
// anywhere else in the gateway, with the JSON error, every security header and a log line.
const SECURITY = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};

/** A cache whose lookup fails, as a bug in it would. */
class BrokenCache extends GatewayCache {
  override get(): never {
    throw new Error('the cache broke');
  }
}

/** Cached pages whose lookup fails, as a bug in the renderer's cache would. */
const brokenPages: CachedPages = {
  freshPage: () => {
    throw new Error('the page cache broke');
  },
  send: async () => {},
  answerNow: () => undefined,
};

describe('an exception inside an early lane', () => {
  const servers: Server[] = [];
  const lines: Array<Record<string, unknown>> = [];
  let runtime: ServiceRuntime;

  /** The gateway with these parts; its services are stand-ins that drop every connection. */
  const start = async (deps: Partial<GatewayDeps>): Promise<string> => {
    const dropping = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    runtime = createRuntime('gateway', pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) })));
    const app = createGatewayApp({ config: { CONTENT_URL: upstream, AUTH_URL: upstream, MEDIA_URL: upstream, UPSTREAM_TIMEOUT_MS: 2000, UPLOAD_TIMEOUT_MS: 2000 }, runtime, ...deps });
    const gateway = createServer(app.callback());
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    servers.push(dropping, gateway);
    return `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  };

  /** The answer and the log lines of one request, by its request id. */
  const ask = async (url: string, requestId: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { 'x-request-id': requestId, ...(init.headers as Record<string, string>) } });
    const body = await res.json();
    return { res, body, logged: lines.filter((line) => line.requestId === requestId) };
  };

  afterEach(() => {
    lines.length = 0;
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('in the cached-answer lane: the 500 with every header, the error and the request logged', async () => {
    const base = await start({ cache: new BrokenCache({ maxBytes: 2 ** 20, ttlMs: 60_000, staleMs: 60_000 }) });
    const { res, body, logged } = await ask(`${base}/api/articles?page=1`, 'edge-hit-1');
    expect(res.status).toBe(500);
    expect(body).toEqual({ error: API_MESSAGES.serverError });
    expect(Object.fromEntries([...res.headers].filter(([name]) => name in SECURITY))).toEqual(SECURITY);
    expect(res.headers.get('x-request-id')).toBe('edge-hit-1');
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'unhandled error', err: expect.objectContaining({ message: 'the cache broke' }) }),
        expect.objectContaining({ msg: 'request', method: 'GET', path: '/api/articles', status: 500 }),
      ]),
    );
  });

  it('in the cached-page lane: the 500 with every header, the error and the request logged', async () => {
    const base = await start({ pages: brokenPages });
    const { res, body, logged } = await ask(`${base}/article/some-slug`, 'edge-page-1');
    expect(res.status).toBe(500);
    expect(body).toEqual({ error: API_MESSAGES.serverError });
    expect(Object.fromEntries([...res.headers].filter(([name]) => name in SECURITY))).toEqual(SECURITY);
    expect(res.headers.get('x-request-id')).toBe('edge-page-1');
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'unhandled error', err: expect.objectContaining({ message: 'the page cache broke' }) }),
        expect.objectContaining({ msg: 'request', method: 'GET', path: '/article/some-slug', status: 500 }),
      ]),
    );
  });

  it('in the beacon lane: a failing content service gets the JSON error with every header, logged', async () => {
    const base = await start({});
    const { res, body, logged } = await ask(`${base}/api/articles/abc/views`, 'edge-beacon-1', { method: 'POST' });
    expect(res.status).toBe(502);
    expect(body).toEqual({ error: API_MESSAGES.badGateway });
    expect(Object.fromEntries([...res.headers].filter(([name]) => name in SECURITY))).toEqual(SECURITY);
    expect(res.headers.get('x-request-id')).toBe('edge-beacon-1');
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'upstream failed' }),
        expect.objectContaining({ msg: 'request', method: 'POST', path: '/api/articles/abc/views', status: 502 }),
      ]),
    );
  });
});
