import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createAdminGuard, type AdminGuardOptions } from '../src/admin/admin-guard.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../services/auth/src/config.js';
import { startAuthTestApp, type AuthTestApp } from '../../services/auth/test/auth-test-app.js';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  cookie?: string;
}

let seen: Seen[] = [];
let upstream: Server;
let upstreamUrl: string;
let auth: AuthTestApp;
const gateways: RunningServer[] = [];
const log = createLogger('gateway-test', 'silent');

async function startGateway(options: Partial<AdminGuardOptions> = {}, hops = 0): Promise<string> {
  const config = { CONTENT_URL: upstreamUrl, AUTH_URL: auth.url, MEDIA_URL: upstreamUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000, TRUSTED_PROXY_HOPS: hops };
  const adminGuard = createAdminGuard({ publicKey: auth.keys.publicKey, authUrl: auth.url, timeoutMs: 2000, confirmCacheMs: 5000, ...options });
  const running = await listen(createGatewayApp({ config, log, adminGuard }), 0, '127.0.0.1');
  gateways.push(running);
  return `http://127.0.0.1:${running.port}`;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  json: unknown;
}

function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer[]): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let parsed: unknown = text || undefined;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          /* a redirect's text */
        }
        done({ status: res.statusCode ?? 0, headers: res.headers, json: parsed });
      });
    });
    req.on('error', fail);
    if (Array.isArray(body)) {
      // Chunked, no length: the size is known only by reading.
      const write = (i: number): void => {
        if (i >= body.length) return void req.end();
        if (req.write(body[i])) write(i + 1);
        else req.once('drain', () => write(i + 1));
      };
      req.on('error', () => {});
      write(0);
    } else req.end(body);
  });
}

const json = { 'content-type': 'application/json' };
const fromBackOffice = { 'x-requested-with': 'coinmag-admin' };
const cookieOf = (answer: Answer) => answer.headers['set-cookie']?.[0] ?? '';
const cookiePair = (answer: Answer) => cookieOf(answer).split(';')[0]!;

async function login(base: string, headers: Record<string, string> = {}, password = DEFAULT_ADMIN_PASSWORD) {
  return send(base, 'POST', '/api/admin/login', { ...json, ...headers }, JSON.stringify({ username: 'admin', password }));
}

let gateway: string;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, cookie: req.headers.cookie });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  auth = await startAuthTestApp();
  gateway = await startGateway();
});
afterAll(async () => {
  for (const running of gateways) await running.close();
  await new Promise((done) => upstream?.close(done));
  await auth?.close();
});
beforeEach(() => {
  seen = [];
});

describe('the admin session cookie', () => {
  it('is set at sign-in HttpOnly and SameSite=Strict, and the browser gets no token to read', async () => {
    const res = await login(gateway);
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^coinmag-admin=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeLessThanOrEqual(3600);
    expect(res.json).toEqual({ expiresAt: expect.any(String), sessionExpiresAt: expect.any(String) });
    expect(JSON.stringify(res.json)).not.toContain(cookiePair(res).split('=')[1]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is Secure and __Host- prefixed behind TLS (trusted proxy) and always in production', async () => {
    const behindProxy = await startGateway({}, 1);
    const viaTls = await login(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(cookieOf(viaTls)).toMatch(/^__Host-coinmag-admin=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
    // An untrusted client cannot claim https to get a cookie over plain http, nor the reverse.
    expect(cookieOf(await login(gateway, { 'x-forwarded-proto': 'https' }))).toMatch(/^coinmag-admin=/);
    const production = await startGateway({ cookieSecurity: 'always' });
    expect(cookieOf(await login(production))).toMatch(/^__Host-coinmag-admin=.*; Secure$/);
  });

  it('opens admin reads, reaching the service as a bearer token and never as a cookie', async () => {
    const pair = cookiePair(await login(gateway));
    const res = await send(gateway, 'GET', '/api/articles/admin/all?limit=100', { cookie: `theme=dark; ${pair}` });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ method: 'GET', url: '/api/articles/admin/all?limit=100', authorization: `Bearer ${pair.split('=')[1]}`, cookie: 'theme=dark' }]);
    const verify = await send(gateway, 'GET', '/api/admin/verify', { cookie: pair });
    expect(verify.status).toBe(200);
    expect(verify.json).toMatchObject({ admin: { username: 'admin' }, expiresAt: expect.any(String) });
  });

  it('refuses a cookie-authenticated write from another origin, or without the back office header (CSRF)', async () => {
    const pair = cookiePair(await login(gateway));
    const attempts = [
      {},
      { origin: 'https://evil.example', ...fromBackOffice },
      { 'sec-fetch-site': 'cross-site', ...fromBackOffice },
      { 'sec-fetch-site': 'same-site', ...fromBackOffice },
      { origin: 'null', ...fromBackOffice },
    ];
    for (const headers of attempts) {
      const res = await send(gateway, 'PUT', '/api/settings/admin', { cookie: pair, ...json, ...headers }, '{}');
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json).toEqual({ error: API_MESSAGES.crossSiteRefused });
    }
    expect(seen).toEqual([]);
    const ok = await send(gateway, 'PUT', '/api/settings/admin', { cookie: pair, ...json, ...fromBackOffice, origin: gateway, 'sec-fetch-site': 'same-origin' }, '{}');
    expect(ok.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await login(gateway, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is renewed while in use, within the session, and a refused one is cleared', async () => {
    const first = cookiePair(await login(gateway));
    await new Promise((wait) => setTimeout(wait, 1100));
    const renewed = await send(gateway, 'POST', '/api/admin/session', { cookie: first, ...fromBackOffice });
    expect(renewed.status).toBe(200);
    const second = cookiePair(renewed);
    expect(second).toMatch(/^coinmag-admin=/);
    expect(second).not.toBe(first);
    expect(renewed.json).toEqual({ expiresAt: expect.any(String), sessionExpiresAt: expect.any(String) });
    expect((await send(gateway, 'GET', '/api/admin/stats', { cookie: second })).status).toBe(200);

    const refused = await send(gateway, 'GET', '/api/admin/stats', { cookie: 'coinmag-admin=not.a.token' });
    expect(refused.status).toBe(401);
    expect(cookieOf(refused)).toMatch(/^coinmag-admin=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict$/);
  });

  it('logout ends the session server-side (every token of it) and clears the cookie', async () => {
    const signIn = await login(gateway, { 'x-token-delivery': 'body' });
    const { token } = signIn.json as { token: string };
    const pair = cookiePair(signIn);
    const renewed = cookiePair(await send(gateway, 'POST', '/api/admin/session', { cookie: pair, ...fromBackOffice }));
    expect((await send(gateway, 'GET', '/api/admin/stats', { cookie: renewed })).status).toBe(200);

    // Without the back office header a page elsewhere cannot sign the admin out either.
    expect((await send(gateway, 'POST', '/api/admin/logout', { cookie: renewed })).status).toBe(403);
    const out = await send(gateway, 'POST', '/api/admin/logout', { cookie: renewed, ...fromBackOffice });
    expect(out.status).toBe(204);
    expect(cookieOf(out)).toMatch(/^coinmag-admin=; Path=\/; Max-Age=0/);
    const attempts: Array<Record<string, string>> = [{ cookie: renewed }, { cookie: pair }, { authorization: `Bearer ${token}` }];
    for (const headers of attempts) {
      const res = await send(gateway, 'GET', '/api/admin/stats', headers);
      expect(res.status).toBe(401);
    }
    // Another replica asks auth itself, which refuses the ended session too.
    const verify = await fetch(`${auth.url}/api/admin/verify`, { headers: { authorization: `Bearer ${token}` } });
    expect(verify.status).toBe(401);
  });

  it('answers an oversized sign-in body with 413, also when it comes chunked without a length', async () => {
    const chunk = Buffer.from(`{"username":"admin","password":"${'x'.repeat(64 * 1024)}`);
    const chunked = await send(gateway, 'POST', '/api/admin/login', { ...json, 'transfer-encoding': 'chunked' }, Array.from({ length: 16 }, () => chunk));
    expect(chunked.status).toBe(413);
    expect(chunked.json).toEqual({ error: API_MESSAGES.requestTooLarge });
    const declared = await send(gateway, 'POST', '/api/admin/login', { ...json, 'content-length': String(2 * 1024 * 1024) }, Array.from({ length: 32 }, () => chunk));
    expect(declared.status).toBe(413);
  });
});

describe('ADMIN_ORIGIN', () => {
  let split: string;
  const ADMIN_HOST = 'admin.coinmag.test';
  const SITE = 'https://coinmag.test';
  beforeAll(async () => {
    split = await startGateway({ adminOrigin: `http://${ADMIN_HOST}`, siteOrigin: SITE });
  });

  it('serves sign-in and admin calls on the admin origin only', async () => {
    const onAdmin = await login(split, { host: ADMIN_HOST, origin: `http://${ADMIN_HOST}` });
    expect(onAdmin.status).toBe(200);
    const pair = cookiePair(onAdmin);
    expect((await send(split, 'GET', '/api/settings/admin', { host: ADMIN_HOST, cookie: pair })).status).toBe(200);

    const onPublic = await login(split, { host: 'coinmag.test' });
    expect(onPublic.status).toBe(403);
    expect(onPublic.json).toEqual({ error: API_MESSAGES.adminOriginOnly });
    for (const path of ['/api/settings/admin', '/api/admin/stats', '/api/admin/verify', '/api/articles/admin/all']) {
      expect((await send(split, 'GET', path, { host: 'coinmag.test', cookie: pair })).status, path).toBe(403);
    }
    // A write from a page of the public origin to the admin origin is refused by its Origin.
    const crossOrigin = await send(split, 'PUT', '/api/settings/admin', { host: ADMIN_HOST, cookie: pair, origin: SITE, ...fromBackOffice, ...json }, '{}');
    expect(crossOrigin.status).toBe(403);
  });

  it('moves /admin pages to the admin origin and public pages off it', async () => {
    const admin = await send(split, 'GET', '/admin/articles?x=1', { host: 'coinmag.test' });
    expect(admin.status).toBe(308);
    expect(admin.headers.location).toBe(`http://${ADMIN_HOST}/admin/articles?x=1`);
    const page = await send(split, 'GET', '/article/btc-101', { host: ADMIN_HOST });
    expect(page.status).toBe(308);
    expect(page.headers.location).toBe(`${SITE}/article/btc-101`);
    expect((await send(split, 'GET', '/api/articles?limit=1', { host: 'coinmag.test' })).status).toBe(200);
  });
});
