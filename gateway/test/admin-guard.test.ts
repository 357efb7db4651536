import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { createLogger, grantAuthorization, listen, signAdminToken, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createAdminGuard } from '../src/admin/admin-guard.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../services/auth/src/config.js';
import { generateSigningKeys, startAuthTestApp, type AuthTestApp } from '../../services/auth/test/auth-test-app.js';

interface SeenRequest {
  method: string;
  url: string;
  authorization?: string;
}

/** Stands in for the content and media services: answers 200 and notes what reached it. */
let upstreamSeen: SeenRequest[] = [];
let upstream: Server;
let upstreamUrl: string;
let auth: AuthTestApp;
const gateways: RunningServer[] = [];
const log = createLogger('gateway-test', 'silent');

async function startGateway(confirmCacheMs: number, authUrl = auth.url): Promise<string> {
  const config = { CONTENT_URL: upstreamUrl, AUTH_URL: authUrl, MEDIA_URL: upstreamUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000 };
  const adminGuard = createAdminGuard({ publicKey: auth.keys.publicKey, authUrl, timeoutMs: 2000, confirmCacheMs });
  const running = await listen(createGatewayApp({ config, log, adminGuard }), 0, '127.0.0.1');
  gateways.push(running);
  return `http://127.0.0.1:${running.port}`;
}

/** Raw HTTP, so the path goes out exactly as written (fetch would resolve `..` and `//`). */
function rawRequest(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; json: unknown }>((done, fail) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

let gateway: string;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamSeen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ upstream: 'content', url: req.url }));
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  auth = await startAuthTestApp();
  gateway = await startGateway(5000);
});
afterAll(async () => {
  for (const running of gateways) await running.close();
  await new Promise((done) => upstream?.close(done));
  await auth?.close();
});
beforeEach(() => {
  upstreamSeen = [];
});

async function loginThroughGateway(base: string, password = DEFAULT_ADMIN_PASSWORD): Promise<string> {
  const res = await rawRequest(base, 'POST', '/api/admin/login', { 'content-type': 'application/json', 'x-token-delivery': 'body' }, JSON.stringify({ username: 'admin', password }));
  expect(res.status).toBe(200);
  return (res.json as { token: string }).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('admin guard in the gateway', () => {
  it('lets public calls through without a token', async () => {
    const res = await rawRequest(gateway, 'GET', '/api/articles?limit=12');
    expect(res.status).toBe(200);
    expect(upstreamSeen).toEqual([{ method: 'GET', url: '/api/articles?limit=12', authorization: undefined }]);
  });

  it.each([
    ['GET', '/api/articles/admin/all?limit=100'],
    ['POST', '/api/articles/admin'],
    ['DELETE', '/api/categories/admin/3'],
    ['PUT', '/api/settings/admin'],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/audit?limit=20'],
    ['POST', '/api/uploads/image'],
  ])('answers %s %s without a token with 401 and never proxies it', async (method, path) => {
    const res = await rawRequest(gateway, method, path);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: API_MESSAGES.notLoggedIn });
    expect(upstreamSeen).toEqual([]);
  });

  it('refuses a service grant on every path, public or admin, and passes it to no service', async () => {
    const grant = grantAuthorization({ purpose: 'wordpress-images', actor: 'admin', job: 1, digest: 'a'.repeat(64), id: 'b'.repeat(32), exp: Date.now() + 60_000 }, 'the-services-forwarding-secret');
    for (const authorization of [grant, grant.replace('CoinmagGrant', 'coinmaggrant')]) {
      for (const [method, path] of [['POST', '/api/uploads/image'], ['GET', '/api/articles/admin'], ['GET', '/api/articles?limit=12'], ['GET', '/uploads/x.png'], ['POST', '/internal/audit-events/uploads']] as const) {
        const res = await rawRequest(gateway, method, path, { authorization, 'content-type': 'application/json' }, method === 'POST' ? '{}' : undefined);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.json).toEqual({ error: API_MESSAGES.unauthorized });
      }
    }
    expect(upstreamSeen).toEqual([]);
  });

    it('refuses a forged, a foreign-key, an expired and a garbage token with 401', async () => {
    const adminId = (await auth.admins.findByUsername('admin'))!.id;
    const principal = { id: adminId, username: 'admin', tokenVersion: 0 };
    const tokens = [
      signAdminToken(principal, generateSigningKeys().privateKey, 600),
      signAdminToken(principal, auth.keys.privateKey, 60, Date.now() - 3600_000),
      'not.a.token',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(adminId), username: 'admin', tv: 0 })).toString('base64url')}.`,
    ];
    for (const token of tokens) {
      const res = await rawRequest(gateway, 'GET', '/api/articles/admin/all', bearer(token));
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: API_MESSAGES.unauthorized });
    }
    expect(upstreamSeen).toEqual([]);
  });

  it('passes a valid token through to the service, header included', async () => {
    const token = await loginThroughGateway(gateway);
    const res = await rawRequest(gateway, 'GET', '/api/articles/admin/all?limit=100', bearer(token));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ upstream: 'content', url: '/api/articles/admin/all?limit=100' });
    expect(upstreamSeen).toEqual([{ method: 'GET', url: '/api/articles/admin/all?limit=100', authorization: `Bearer ${token}` }]);
  });

  it.each([
    '/api//articles/admin/all',
    '/API/articles/admin/all',
    '/api/ARTICLES/Admin/all',
    '/api/articles/x/../admin/all',
    '/api/articles/./admin/all',
    '/api/articles%2Fadmin%2Fall',
    '/api/articles/%61dmin/all',
    '/api/articles/%2561dmin/all',
    '/api/articles/admin/..',
    '/api/articles/admin;x/all',
    '/api/settings/admin/',
    '/api/uploads//image',
    '/api/admin/stats/',
  ])('cannot be bypassed with %s', async (path) => {
    const res = await rawRequest(gateway, 'GET', path);
    expect(res.status).toBe(401);
    expect(upstreamSeen).toEqual([]);
  });

  it('refuses a token made stale by a password change, and accepts the fresh one', async () => {
    const older = await loginThroughGateway(gateway);
    const current = await loginThroughGateway(gateway);
    expect((await rawRequest(gateway, 'GET', '/api/admin/stats', bearer(older))).status).toBe(200);

    const change = await rawRequest(
      gateway,
      'PUT',
      '/api/admin/password',
      { ...bearer(current), 'content-type': 'application/json' },
      JSON.stringify({ currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'gateway-new-password' }),
    );
    expect(change.status).toBe(200);
    const fresh = (change.json as { token: string }).token;

    for (const stale of [older, current]) {
      const res = await rawRequest(gateway, 'GET', '/api/admin/stats', bearer(stale));
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: API_MESSAGES.unauthorized });
    }
    expect((await rawRequest(gateway, 'GET', '/api/admin/stats', bearer(fresh))).status).toBe(200);
  });

  it('trusts a confirmation only for the configured few moments', async () => {
    const shortCache = await startGateway(300);
    const token = await loginThroughGateway(shortCache, 'gateway-new-password');
    expect((await rawRequest(shortCache, 'GET', '/api/admin/stats', bearer(token))).status).toBe(200);
    // A password change made elsewhere (another replica) shows up once the confirmation lapses.
    await auth.db('admins').where({ username: 'admin' }).increment('token_version', 1);
    expect((await rawRequest(shortCache, 'GET', '/api/admin/stats', bearer(token))).status).toBe(200);
    await new Promise((wait) => setTimeout(wait, 450));
    expect((await rawRequest(shortCache, 'GET', '/api/admin/stats', bearer(token))).status).toBe(401);
  });

  it('answers 503 rather than letting an unconfirmed token through when auth is down', async () => {
    const token = signAdminToken({ id: 1, username: 'admin', tokenVersion: 0 }, auth.keys.privateKey, 600);
    const noAuth = await startGateway(5000, 'http://127.0.0.1:9');
    const res = await rawRequest(noAuth, 'GET', '/api/articles/admin/all', bearer(token));
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: API_MESSAGES.serviceUnavailable });
    expect(upstreamSeen).toEqual([]);
  });
});
