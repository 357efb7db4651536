// Issue 13.5 and 13.6: with its Postgres or Redis gone, a service answers 503 with a clear
// message and Retry-After (never 500), keeps serving what it has cached, and logs the outage
// once, as JSON, when it starts and once when it ends. Private Postgres and Redis, stopped here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, type TestDatabase } from '@coinmag/service-kit/testing';
import { DEFAULT_ADMIN_PASSWORD } from '../../services/auth/src/config.js';
import { migrateContent } from '../../services/content/src/database.js';
import { insertArticle } from '../../services/content/test/content-harness.js';
import { startPrivateRedis, type PrivateRedis } from '../../services/content/test/private-redis.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';
import { startServiceProcess, type ServiceProcess } from './support/service-process.js';

const UNAVAILABLE = { error: '服務暫時無法使用，請稍後再試' };

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** Every line a service printed is one JSON object: no raw stack traces, no console noise. */
function nonJsonLines(service: ServiceProcess): string[] {
  return service
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
}

const messages = (service: ServiceProcess) => service.logLines().map((line) => String(line.msg));

describe('outages', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let shared: TestDatabase;
  let dataDir: string;
  let auth: ServiceProcess;
  let content: ServiceProcess;
  let token: string;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    await postgres.createDatabase('coinmag');
    const db = knex({ client: 'pg', connection: postgres.urlOf('coinmag'), searchPath: ['content', 'public'], pool: { min: 0, max: 1 } });
    await migrateContent(db, 'content');
    await insertArticle(db, { title: '停機測試', slug: 'outage-article' });
    await db.destroy();
    redis = await startPrivateRedis();
    shared = await createTestDatabase('cm_outage');
    dataDir = mkdtempSync(join(tmpdir(), 'cm-outage-'));
    // This auth runs on the machine's Postgres: it confirms admin tokens while content's database is down.
    auth = await startServiceProcess('services/auth/src/main.ts', await freePort(), { DATABASE_URL: shared.url, DATA_DIR: dataDir });
    content = await startServiceProcess('services/content/src/main.ts', await freePort(), {
      DATABASE_URL: postgres.urlOf('coinmag'),
      DATA_DIR: dataDir,
      AUTH_URL: auth.url,
      MEDIA_URL: 'http://127.0.0.1:9',
    });
    const signIn = await fetch(`${auth.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: DEFAULT_ADMIN_PASSWORD }) });
    ({ token } = (await signIn.json()) as { token: string });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([content?.stop(), auth?.stop()]);
    await redis?.stop();
    await postgres?.destroy();
    await shared?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('content with Postgres down: cached reads 200, uncached reads and writes 503 with Retry-After, one log line each way', async () => {
    expect((await fetch(`${content.url}/api/articles/outage-article`)).status).toBe(200);
    await postgres.stop();

    expect((await fetch(`${content.url}/api/articles/outage-article`)).status, 'a cached read is still served').toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const read = await fetch(`${content.url}/api/articles?search=${encodeURIComponent(`未快取${i}`)}`);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await read.json()).toEqual(UNAVAILABLE);
    }
    const write = await fetch(`${content.url}/api/settings/admin`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ site_title: '停機中' }),
    });
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await write.json()).toEqual(UNAVAILABLE);

    const ready = await fetch(`${content.url}/readyz`);
    expect(ready.status, 'still ready: it serves from its cache').toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.postgres).toBe('down');

    await postgres.start();
    await eventually(async () => (await fetch(`${content.url}/api/articles?search=${encodeURIComponent('恢復')}`)).status === 200);
    await eventually(async () => messages(content).includes('postgres reachable again'));

    expect(messages(content).filter((msg) => msg === 'postgres unreachable')).toHaveLength(1);
    expect(messages(content).filter((msg) => msg === 'postgres reachable again')).toHaveLength(1);
    expect(nonJsonLines(content)).toEqual([]);
    expect(content.logLines().filter((line) => line.level === 50 && line.msg === 'unhandled error'), 'no 500s logged').toEqual([]);
  }, 90_000);

  it('auth: login answers 503, not 500, with Postgres down and then with Redis down', async () => {
    await postgres.createDatabase('auth');
    const own = await startServiceProcess('services/auth/src/main.ts', await freePort(), { DATABASE_URL: postgres.urlOf('auth'), REDIS_URL: redis.url, DATA_DIR: dataDir });
    try {
      const login = () =>
        fetch(`${own.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'not-the-password' }) });
      expect((await login()).status).toBe(401);

      await postgres.stop();
      const withoutPostgres = await login();
      expect(withoutPostgres.status).toBe(503);
      expect(withoutPostgres.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await withoutPostgres.json()).toEqual(UNAVAILABLE);
      await postgres.start();
      await eventually(async () => (await login()).status === 401);

      await redis.stop();
      for (let i = 0; i < 3; i += 1) {
        const withoutRedis = await login();
        expect(withoutRedis.status).toBe(503);
        expect(withoutRedis.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await withoutRedis.json()).toEqual(UNAVAILABLE);
      }
      await eventually(async () => messages(own).includes('redis unreachable'));
      await new Promise((wait) => setTimeout(wait, 3000));
      expect(messages(own).filter((msg) => msg === 'redis unreachable'), 'one line for the outage, however many reconnects').toHaveLength(1);
      expect(nonJsonLines(own)).toEqual([]);
    } finally {
      await own.stop();
    }
  }, 120_000);
});
