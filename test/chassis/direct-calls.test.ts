// A caller that goes around the gateway gets no more than through it. Each real entry point
// (auth, content, media) configured as `npm start` runs it (scripts/stack/stack.ts: loopback,
// one trusted hop, the gateway's forwarding secret), called directly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, type TestDatabase } from '@coinmag/service-kit/testing';
import { FORWARDING_SECRET_HEADER } from '@coinmag/service-kit';
import { INTERNAL_SERVICE_ENV, newForwardingSecret } from '../../scripts/stack/stack.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../services/auth/src/config.js';
import { migrateContent, openDatabase } from '../../services/content/src/database.js';
import { solid } from '../../services/media/test/support/fixtures.js';
import { startServiceProcess, type ServiceProcess } from './support/service-process.js';

const CONFIRM_CACHE_MS = 500;

describe('calling the services directly, around the gateway', () => {
  let database: TestDatabase;
  let db: Knex;
  let dataDir: string;
  let auth: ServiceProcess;
  let content: ServiceProcess;
  let media: ServiceProcess;
  const secret = newForwardingSecret();

  beforeAll(async () => {
    database = await createTestDatabase('cm_direct');
    db = openDatabase({ DATABASE_URL: database.url, DB_SCHEMA: 'content', DB_POOL_MAX: 2 });
    await migrateContent(db, 'content');
    dataDir = mkdtempSync(join(tmpdir(), 'cm-direct-'));
    // Development defaults, as `npm start` runs them: auth makes the key pair under DATA_DIR/keys.
    auth = await startServiceProcess('services/auth/src/main.ts', await freePort(), { ...INTERNAL_SERVICE_ENV, FORWARDING_SECRET: secret, DATABASE_URL: database.url, DATA_DIR: dataDir });
    const shared = {
      ...INTERNAL_SERVICE_ENV,
      FORWARDING_SECRET: secret,
      DATA_DIR: dataDir,
      AUTH_URL: auth.url,
      ADMIN_CONFIRM_CACHE_MS: String(CONFIRM_CACHE_MS),
    };
    content = await startServiceProcess('services/content/src/main.ts', await freePort(), { ...shared, DATABASE_URL: database.url, MEDIA_URL: 'http://127.0.0.1:9' });
    // Media records every upload in content's audit log before answering.
    media = await startServiceProcess('services/media/src/main.ts', await freePort(), { ...shared, CONTENT_URL: content.url, JWT_PUBLIC_KEY_FILE: join(dataDir, 'keys', 'jwt-public.pem') });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([content?.stop(), media?.stop(), auth?.stop()]);
    await db?.destroy();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (password: string, forwardedFor?: string, asGateway = false) =>
    fetch(`${auth.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...(asGateway ? { [FORWARDING_SECRET_HEADER]: secret } : {}) },
      body: JSON.stringify({ username: 'admin', password }),
    });

  const writeSettings = (token: string) =>
    fetch(`${content.url}/api/settings/admin`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ site_title: '直接呼叫測試' }),
    });

  const uploadImage = async (token: string) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await solid(24, 16).png().toBuffer())], { type: 'image/png' }), 'direct.png');
    return fetch(`${media.url}/api/uploads/image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  };

  it('refuses a token revoked by a password change at content and media, not only at the gateway', async () => {
    const signIn = await login(DEFAULT_ADMIN_PASSWORD);
    expect(signIn.status).toBe(200);
    const { token: oldToken } = (await signIn.json()) as { token: string };
    expect((await writeSettings(oldToken)).status).toBe(200);
    expect((await uploadImage(oldToken)).status).toBe(201);

    const newPassword = 'a-new-password-2026';
    const change = await fetch(`${auth.url}/api/admin/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${oldToken}` },
      body: JSON.stringify({ currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword }),
    });
    expect(change.status, await change.clone().text()).toBe(200);
    const { token: newToken } = (await change.json()) as { token: string };
    // A confirmation is trusted for ADMIN_CONFIRM_CACHE_MS; after that the old token is done.
    await new Promise((wait) => setTimeout(wait, CONFIRM_CACHE_MS + 100));

    const settings = await writeSettings(oldToken);
    expect(settings.status).toBe(401);
    expect(await settings.json()).toEqual({ error: '驗證失敗，請重新登入' });
    const upload = await uploadImage(oldToken);
    expect(upload.status).toBe(401);
    expect(await upload.json()).toEqual({ error: '驗證失敗，請重新登入' });

    expect((await writeSettings(newToken)).status).toBe(200);
    expect((await uploadImage(newToken)).status).toBe(201);
  }, 60_000);

  it('believes X-Forwarded-For only from the gateway: the gateway’s readers are counted apart, a direct caller’s forged addresses as one client', async () => {
    // Through the gateway (its secret): ten failures lock one reader's address, not another's.
    const asGateway: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await login(`wrong-password-${i}`, '198.51.100.7', true);
      asGateway.push(res.status);
      await res.body?.cancel();
    }
    expect(asGateway.at(-1)).toBe(429);
    const otherReader = await login('wrong-password-x', '198.51.100.8', true);
    expect(otherReader.status).toBe(401);
    // Directly, with a fresh forged address each time, and with a wrong secret: one client, limited.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await fetch(`${auth.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}`, ...(i % 2 ? { [FORWARDING_SECRET_HEADER]: `${secret}x` } : {}) },
        body: JSON.stringify({ username: 'admin', password: `wrong-password-${i}` }),
      });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
  }, 120_000);

  it('serves Prometheus metrics on each service port, event-loop lag included', async () => {
    for (const service of [auth, content, media]) {
      const text = await (await fetch(`${service.url}/metrics`)).text();
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('http_requests_total');
      expect(text).toMatch(/dependency_up\{/);
    }
  });

  it('binds where it is told: HOST=127.0.0.1 is not reachable on another interface', async () => {
    const { networkInterfaces } = await import('node:os');
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (!external) return; // a machine with only the loopback interface has nothing to show
    const port = new URL(auth.url).port;
    const reached = await fetch(`http://${external}:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
    expect(reached).toBe(false);
  });
});
