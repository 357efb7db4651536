import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@coinmag/contracts';
import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp, servicePool } from '../src/app.js';
import { createAdminGuard } from '../src/admin/admin-guard.js';
import { urlList } from '../src/config.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../services/auth/src/config.js';
import { startAuthTestApp, type AuthTestApp } from '../../services/auth/test/auth-test-app.js';

/** A port on this machine where nothing listens: every connection to it is refused, as to an auth task that has stopped. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * The gateway's own calls to auth (sign-in, verify, session, sign-out, password, and the check of
 * each admin call) go over auth's replica pool: a replica that refuses the connection (stopped in a
 * rolling update) is skipped, and the call goes to a good one.
 */
describe('the admin guard with one auth replica refusing connections', () => {
  let auth: AuthTestApp;
  let gateway: RunningServer;
  let base: string;
  const upstreamSeen: string[] = [];
  let upstream: RunningServer;

  beforeAll(async () => {
    auth = await startAuthTestApp();
    const app = new Koa();
    app.use((ctx) => {
      upstreamSeen.push(ctx.url);
      ctx.body = { ok: true };
    });
    upstream = await listen(app, 0, '127.0.0.1');
    const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
    // The stopped replica first: it is the first asked.
    const AUTH_URL = `http://127.0.0.1:${await refusingPort()},${auth.url}`;
    const log = createLogger('gateway-test', 'silent');
    const authPool = servicePool('auth', AUTH_URL, {}, log);
    const adminGuard = createAdminGuard({ publicKey: auth.keys.publicKey, authPool, authUrl: urlList(AUTH_URL)[0]!, timeoutMs: 3000, confirmCacheMs: 0 });
    const config = { CONTENT_URL: upstreamUrl, AUTH_URL, MEDIA_URL: upstreamUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000 };
    gateway = await listen(createGatewayApp({ config, log, adminGuard, authPool }), 0, '127.0.0.1');
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
    await auth?.close();
  });

  const signIn = () =>
    fetch(`${base}${AUTH_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' },
      body: JSON.stringify({ username: 'admin', password: DEFAULT_ADMIN_PASSWORD }),
    });

  // The password change is last: sign-in uses the development password.
  it('signs in every time, whichever replica is asked first', async () => {
    for (let n = 0; n < 4; n += 1) {
      const res = await signIn();
      expect(res.status).toBe(200);
      expect(typeof (await res.json()).token).toBe('string');
    }
  });

  it('verifies, renews, checks an admin call, changes the password and signs out the same way', async () => {
    const { token } = await (await signIn()).json();
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
    for (let n = 0; n < 2; n += 1) expect((await fetch(`${base}${AUTH_PATHS.verify}`, { headers: bearer(token) })).status).toBe(200);
    const renewed = await fetch(`${base}${AUTH_PATHS.session}`, { method: 'POST', headers: bearer(token) });
    expect(renewed.status).toBe(200);
    const fresh = (await renewed.json()).token as string;
    for (let n = 0; n < 2; n += 1) expect((await fetch(`${base}/api/settings/admin`, { headers: bearer(fresh) })).status).toBe(200);
    expect(upstreamSeen).toEqual(['/api/settings/admin', '/api/settings/admin']);
    const changed = await fetch(`${base}${AUTH_PATHS.password}`, {
      method: 'PUT',
      headers: { ...bearer(fresh), 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'another-password-2026' }),
    });
    expect(changed.status).toBe(200);
    const afterChange = (await changed.json()).token as string;
    expect((await fetch(`${base}${AUTH_PATHS.logout}`, { method: 'POST', headers: bearer(afterChange) })).status).toBe(204);
    expect((await fetch(`${base}${AUTH_PATHS.verify}`, { headers: bearer(afterChange) })).status).toBe(401);
  });
});
