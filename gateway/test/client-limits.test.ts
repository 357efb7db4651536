// Issue 22.1 and 22.6: what one client address may hold of the gateway, and how long the
// gateway waits for what a client sends (docs/security.md § Limits).
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createAdminGuard } from '../src/admin/admin-guard.js';
import { gatewayConfigSchema } from '../src/config.js';
import { gatewayServerTuning } from '../src/limits/connection-caps.js';
import { limitsFrom, type LimitsConfig } from '../src/limits/limits-config.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../services/auth/src/config.js';
import { startAuthTestApp, type AuthTestApp } from '../../services/auth/test/auth-test-app.js';
import { openRaw, stalledHead, loopbackAddress, type RawExchange } from './support/raw-clients.js';

const log = createLogger('gateway-test', 'silent');

describe('the gateway limits per client and per request', () => {
  let auth: AuthTestApp;
  /** A service that answers GETs at once and never answers /hang. */
  let service: Server;
  let serviceUrl = '';
  let authCalls = 0;
  const gateways: RunningServer[] = [];

  const startGateway = async (limits: Partial<LimitsConfig> = {}, contentUrl = serviceUrl) => {
    const config = { CONTENT_URL: contentUrl, AUTH_URL: auth.url, MEDIA_URL: serviceUrl, UPSTREAM_TIMEOUT_MS: 15_000, UPLOAD_TIMEOUT_MS: 15_000, ...limits };
    const adminGuard = createAdminGuard({ publicKey: auth.keys.publicKey, authUrl: auth.url, timeoutMs: 5000, confirmCacheMs: 5000, bodyTimeoutMs: limitsFrom(limits).bodyTimeoutMs });
    const running = await listen(createGatewayApp({ config, log, adminGuard }), 0, '127.0.0.1', gatewayServerTuning(limitsFrom(limits)));
    gateways.push(running);
    return running;
  };

  beforeAll(async () => {
    auth = await startAuthTestApp();
    service = createServer((req, res) => {
      if (req.url?.startsWith('/api/admin')) authCalls += 1;
      if (req.url === '/api/hang') return;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    for (const gateway of gateways) {
      gateway.server.closeAllConnections();
      await gateway.close();
    }
    service?.closeAllConnections();
    await new Promise((done) => service?.close(done));
    await auth?.close();
  });

  it('has its limits in seconds by default, each one configurable', () => {
    const config = gatewayConfigSchema.parse({});
    expect(limitsFrom(config)).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      bodyTimeoutMs: 2_000,
      bufferedBodyBytes: 64 * 1024,
      streamIdleMs: 10_000,
      streamsPerClient: 4,
      streamsTotal: 32,
      connectionsPerClient: 64,
      requestsPerClient: 32,
      upstreamConnections: 128,
      upstreamQueueMs: 3_000,
    });
    expect(limitsFrom(gatewayConfigSchema.parse({ GATEWAY_BODY_TIMEOUT_S: '0.5', GATEWAY_CONNECTIONS_PER_CLIENT: '8' }))).toMatchObject({ bodyTimeoutMs: 500, connectionsPerClient: 8 });
    expect(gatewayConfigSchema.safeParse({ GATEWAY_HEADERS_TIMEOUT_S: 'soon' }).success).toBe(false);
  });

  it('closes connections from one address past its cap at once, and still takes another address', async () => {
    const gateway = await startGateway({ GATEWAY_CONNECTIONS_PER_CLIENT: 64 });
    const sockets: RawExchange[] = [];
    for (let i = 0; i < 200; i += 1) sockets.push(openRaw(gateway.port, '127.0.40.1'));
    // The 136 over the cap are closed by the gateway without a byte read; the 64 stay open.
    let closedCount = 0;
    await new Promise<void>((done) => {
      for (const socket of sockets) void socket.closed.then(() => ++closedCount === 136 && done());
    });
    expect(sockets.filter((socket) => !socket.socket.destroyed && socket.socket.readyState === 'open')).toHaveLength(64);
    const other = await fetch(`http://127.0.0.1:${gateway.port}/healthz`);
    expect(other.status).toBe(200);
    for (const socket of sockets) socket.socket.destroy();
  }, 30_000);

  it('answers 408 to headers that stop half-way, within the headers timeout', async () => {
    const gateway = await startGateway({ GATEWAY_HEADERS_TIMEOUT_S: 1 });
    const started = Date.now();
    const half = openRaw(gateway.port, '127.0.41.1', 'GET /api/articles HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(await half.status).toBe(408);
    await half.closed;
    // One check interval (1 s at most) after the timeout; Node's own default held it 80 s.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('cuts a trickled sign-in body with 408 before it reaches auth', async () => {
    const gateway = await startGateway();
    const before = authCalls;
    const body = JSON.stringify({ username: 'admin', password: 'x'.repeat(40) });
    const login = openRaw(gateway.port, '127.0.42.1', stalledHead('POST', '/api/admin/login', body.length, { 'content-type': 'application/json' }));
    const trickle = setInterval(() => login.socket.write('{'), 300);
    const started = Date.now();
    try {
      expect(await login.status).toBe(408);
    } finally {
      clearInterval(trickle);
    }
    await login.closed;
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(authCalls).toBe(before);
  });

  it("cuts an admin's stalled upload with 408 at the idle deadline, also when the service has stopped reading it", async () => {
    // The service takes the connection and the head and reads nothing more (wedged); the upload
    // is larger than the socket buffers hold, so the gateway is left waiting to write.
    const wedged = createNetServer({ pauseOnConnect: true }, (socket) => held.push(socket));
    const held: Socket[] = [];
    await new Promise<void>((done) => wedged.listen(0, '127.0.0.1', done));
    const gateway = await startGateway({ GATEWAY_STREAM_IDLE_S: 0.5 }, `http://127.0.0.1:${(wedged.address() as AddressInfo).port}`);
    try {
      const signIn = await fetch(`http://127.0.0.1:${gateway.port}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' },
        body: JSON.stringify({ username: 'admin', password: DEFAULT_ADMIN_PASSWORD }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const form = 32 * 2 ** 20;
      const upload = openRaw(gateway.port, '127.0.46.1', stalledHead('PUT', '/api/articles/admin/1', 2 * form, { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' }));
      await upload.sent;
      const started = Date.now();
      upload.socket.write(Buffer.alloc(form, 'x'));
      expect(await upload.status).toBe(408);
      // The idle deadline (0.5 s) after the last byte it could pass on, not the upstream timeout (15 s).
      expect(Date.now() - started).toBeLessThan(5_000);
      upload.socket.destroy();
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((done) => wedged.close(done));
    }
  }, 30_000);

  it('answers 408 to a stalled beacon and 413 to an oversized public body', async () => {
    const gateway = await startGateway();
    const stalled = openRaw(gateway.port, '127.0.43.1', stalledHead('POST', '/api/articles/some-slug/views', 100));
    expect(await stalled.status).toBe(408);
    const large = await fetch(`http://127.0.0.1:${gateway.port}/api/articles/some-slug/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(65 * 1024) });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: API_MESSAGES.requestTooLarge });
  });

  it('takes at most so many requests of one address at once: 429 with Retry-After for the next', async () => {
    const gateway = await startGateway({ GATEWAY_REQUESTS_PER_CLIENT: 4 });
    const held = [0, 1, 2, 3].map(() => openRaw(gateway.port, '127.0.44.1', stalledHead('POST', '/api/articles/x/views', 10)));
    await Promise.all(held.map((exchange) => exchange.sent));
    const over = openRaw(gateway.port, '127.0.44.1', 'GET /api/articles HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: over-the-cap-1\r\n\r\n');
    expect(await over.status).toBe(429);
    // Finished by the edge stage like every other answer: request id, security headers, policy, JSON.
    const head = await over.headers;
    expect(head).toMatchObject({ 'retry-after': '5', 'x-request-id': 'over-the-cap-1', 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
    expect(head['content-security-policy']).toContain("default-src 'none'");
    expect(head['content-type']).toMatch(/^application\/json/);
    const otherAddress = openRaw(gateway.port, loopbackAddress(45, 0), 'GET /api/articles HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await otherAddress.status).toBe(200);
    for (const exchange of [...held, over, otherAddress]) exchange.socket.destroy();
  });

  it('answers 503 with Retry-After when no service connection frees up in time', async () => {
    const gateway = await startGateway({ GATEWAY_UPSTREAM_CONNECTIONS: 2, GATEWAY_UPSTREAM_QUEUE_S: 0.5 });
    const base = `http://127.0.0.1:${gateway.port}`;
    const hanging = [0, 1].map(() => fetch(`${base}/api/hang`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined));
    const started = Date.now();
    const waiting = await fetch(`${base}/api/articles`);
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('5');
    expect(await waiting.json()).toEqual({ error: API_MESSAGES.serviceBusy });
    expect(Date.now() - started).toBeLessThan(2_000);
    gateway.server.closeAllConnections();
    await Promise.all(hanging);
  });
});
