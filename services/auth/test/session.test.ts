import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, listen, signAdminToken, type RunningServer } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { createApp } from '../src/app.js';
import { Argon2Hasher, createDummyHash } from '../src/admin/password-hasher.js';
import { prepareDatabase } from '../src/database.js';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config.js';
import { RedisAttemptStore } from '../src/rate-limit/redis-attempt-store.js';
import { deleteRedisPrefix, freshIp, generateSigningKeys, login, REDIS_TEST_URL } from './auth-test-app.js';

/** The auth app with a short token life (4 s) and session limit (7 s), to watch both run out. */
let database: TestDatabase;
let running: RunningServer;
let base: string;
let redis: Redis;
const prefix = `cm_test:auth-session:${randomUUID()}:`;
const keys = generateSigningKeys();
let db: ReturnType<typeof createDatabase>;

beforeAll(async () => {
  database = await createTestDatabase('cm_auth_session');
  db = createDatabase({ url: database.url, schema: 'auth', poolMax: 4 });
  const hasher = new Argon2Hasher();
  const log = createLogger('auth-test', 'silent');
  await prepareDatabase({ db, schema: 'auth', hasher, log, adminPassword: undefined });
  redis = new Redis(REDIS_TEST_URL);
  const app = createApp({ db, attempts: new RedisAttemptStore(redis, prefix), hasher, dummyHash: await createDummyHash(hasher), keys, tokenTtlSeconds: 4, sessionMaxAgeSeconds: 7, log });
  running = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${running.port}`;
});
afterAll(async () => {
  await running?.close();
  await deleteRedisPrefix(redis, prefix);
  await redis?.quit();
  await db?.destroy();
  await database?.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (path: string, token: string) => fetch(`${base}${path}`, { method: 'POST', headers: bearer(token) });
const verify = (token: string) => fetch(`${base}/api/admin/verify`, { headers: bearer(token) });
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
const signIn = async () => (await (await login(base, 'admin', DEFAULT_ADMIN_PASSWORD, freshIp())).json()) as { token: string; expiresAt: string; sessionExpiresAt: string };

describe('admin sessions', () => {
  it('a sign-in gives a short token of a session with an absolute limit', async () => {
    const session = await signIn();
    const claims = jwt.decode(session.token) as jwt.JwtPayload;
    expect(claims.sid).toMatch(/^[\w-]{32}$/);
    expect(claims.exp! - claims.iat!).toBe(4);
    expect(Date.parse(session.expiresAt)).toBe(claims.exp! * 1000);
    expect(Date.parse(session.sessionExpiresAt) - Date.now()).toBeGreaterThan(5000);
    expect(Date.parse(session.sessionExpiresAt) - Date.now()).toBeLessThanOrEqual(7000);
  });

  it('is renewed while in use, never past its limit, and then refused', async () => {
    const session = await signIn();
    await wait(2200);
    const renewed = (await (await post('/api/admin/session', session.token)).json()) as { token: string; sessionExpiresAt: string };
    expect(renewed.sessionExpiresAt).toBe(session.sessionExpiresAt);
    expect((jwt.decode(renewed.token) as jwt.JwtPayload).sid).toBe((jwt.decode(session.token) as jwt.JwtPayload).sid);
    // The first token runs out (4 s), the renewed one (2 s later) still works.
    await wait(Date.parse(session.expiresAt) - Date.now() + 50);
    expect((await verify(session.token)).status).toBe(401);
    expect((await verify(renewed.token)).status).toBe(200);
    const again = (await (await post('/api/admin/session', renewed.token)).json()) as { token: string };
    // Renewals never outlive the session: its last token ends with it.
    expect((jwt.decode(again.token) as jwt.JwtPayload).exp! * 1000).toBeLessThanOrEqual(Date.parse(session.sessionExpiresAt));
    await wait(Date.parse(session.sessionExpiresAt) - Date.now() + 100);
    expect((await post('/api/admin/session', again.token)).status).toBe(401);
  });

  it('logout ends every token of the session, leaves other sessions alone, and ignores foreign tokens', async () => {
    const mine = await signIn();
    const other = await signIn();
    const renewed = (await (await post('/api/admin/session', mine.token)).json()) as { token: string };
    expect((await post('/api/admin/logout', renewed.token)).status).toBe(204);
    expect((await verify(mine.token)).status).toBe(401);
    expect((await verify(renewed.token)).status).toBe(401);
    expect((await post('/api/admin/session', mine.token)).status).toBe(401);
    expect((await verify(other.token)).status).toBe(200);

    const adminId = Number((jwt.decode(other.token) as jwt.JwtPayload).sub);
    const forged = signAdminToken({ id: adminId, username: 'admin', tokenVersion: 0, sessionId: (jwt.decode(other.token) as jwt.JwtPayload).sid }, generateSigningKeys().privateKey, 60);
    expect((await post('/api/admin/logout', forged)).status).toBe(204);
    expect((await verify(other.token)).status).toBe(200);
    expect((await fetch(`${base}/api/admin/logout`, { method: 'POST' })).status).toBe(204);
  });

  it('refuses a token naming a session that was never made', async () => {
    const session = await signIn();
    const claims = jwt.decode(session.token) as jwt.JwtPayload;
    const invented = signAdminToken({ id: Number(claims.sub), username: 'admin', tokenVersion: claims.tv, sessionId: 'x'.repeat(32) }, keys.privateKey, 60);
    expect((await verify(invented)).status).toBe(401);
  });
});
