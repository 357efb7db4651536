// Issue 13.3: SIGTERM under keep-alive load. The content service's real entry point stops
// accepting, answers what is in flight (with `Connection: close`), closes idle keep-alive
// connections, writes out the views it holds, and exits well inside its grace period.
import { Agent, request } from 'node:http';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestSigningKeys, freePort, type TestDatabase } from '@coinmag/service-kit/testing';
import { migrateContent, openDatabase } from '../../services/content/src/database.js';
import { insertArticle } from '../../services/content/test/content-harness.js';
import { startServiceProcess, type ServiceProcess } from './support/service-process.js';

interface Outcome {
  id: string;
  sentAfterSigterm: boolean;
  status?: number;
  connection?: string;
  error?: string;
}

function send(agent: Agent, base: string, method: string, path: string, id: string): Promise<Omit<Outcome, 'sentAfterSigterm'>> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent, method, headers: { 'x-request-id': id } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ id, status: res.statusCode, connection: res.headers.connection }));
      res.on('error', (err) => resolve({ id, error: (err as NodeJS.ErrnoException).code ?? err.message }));
    });
    req.on('error', (err) => resolve({ id, error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.end();
  });
}

describe('SIGTERM under keep-alive load (content service)', () => {
  let database: TestDatabase;
  let db: Knex;
  let service: ServiceProcess;
  let slug: string;
  let articleId: number;

  beforeAll(async () => {
    database = await createTestDatabase('cm_drain');
    db = openDatabase({ DATABASE_URL: database.url, DB_SCHEMA: 'content', DB_POOL_MAX: 2 });
    await migrateContent(db, 'content');
    ({ slug, id: articleId } = await insertArticle(db, { title: '排空測試', slug: 'drain-article' }));
    for (let i = 0; i < 30; i += 1) await insertArticle(db);
    service = await startServiceProcess('services/content/src/main.ts', await freePort(), {
      DATABASE_URL: database.url,
      JWT_PUBLIC_KEY: createTestSigningKeys().publicKey,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      // Only the shutdown can write the views out.
      VIEW_FLUSH_INTERVAL_MS: '60000',
      MEDIA_URL: 'http://127.0.0.1:9',
    });
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await db?.destroy();
    await database?.drop();
  });

  it('fails no accepted request, flushes the views it holds and exits 0 within seconds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: Outcome[] = [];
    let exited = false;
    let sigtermAt = 0;
    void service.exited.then(() => {
      exited = true;
    });
    const paths: Array<[string, string]> = [
      ['GET', '/api/articles?page=1&limit=20'],
      ['GET', `/api/articles/${slug}`],
      ['POST', `/api/articles/${slug}/views`],
      ['GET', '/api/articles?page=2&limit=10&search=%E6%B8%AC%E8%A9%A6'],
    ];
    let sequence = 0;
    const worker = async (n: number) => {
      while (!exited) {
        sequence += 1;
        const [method, template] = paths[(n + sequence) % paths.length]!;
        // A different search each time misses the cache: slower requests, some in flight at SIGTERM.
        const path = template.replace('search=', `search=${sequence}`);
        const id = `drain-${n}-${sequence}`;
        const sentAfterSigterm = sigtermAt > 0;
        outcomes.push({ ...(await send(agent, service.url, method, path, id)), sentAfterSigterm });
      }
    };
    const workers = Array.from({ length: 16 }, (_, n) => worker(n));
    // The load runs until it has had enough answers (a busy machine answers fewer per second), then SIGTERM.
    const loadStarted = Date.now();
    while (outcomes.filter((o) => o.status !== undefined).length < 80 && Date.now() - loadStarted < 30_000) await new Promise((wait) => setTimeout(wait, 100));
    await new Promise((wait) => setTimeout(wait, 300));
    sigtermAt = Date.now();
    service.child.kill('SIGTERM');
    const code = await service.exited;
    const tookMs = Date.now() - sigtermAt;
    await Promise.all(workers);
    agent.destroy();

    expect(code, service.output().slice(-3000)).toBe(0);
    expect(tookMs, 'exits well inside the 10 s grace period').toBeLessThan(5000);

    const handled = new Set(service.logLines().filter((line) => line.msg === 'request').map((line) => line.requestId));
    const answered = outcomes.filter((o) => o.status !== undefined);
    const failed = outcomes.filter((o) => o.error !== undefined);
    expect(answered.length, 'the load ran').toBeGreaterThan(50);
    expect(answered.filter((o) => o.status !== 200), 'every answer is a success, none a 503').toEqual([]);
    expect(failed.filter((o) => handled.has(o.id)), 'no request the service took was lost').toEqual([]);
    expect(answered.filter((o) => !handled.has(o.id)), 'every answer was logged by the service').toEqual([]);
    expect(
      answered.some((o) => o.connection === 'close'),
      'requests in flight at SIGTERM were answered, with Connection: close',
    ).toBe(true);

    const { view_count: views } = await db('articles').where({ id: articleId }).first('view_count');
    expect(views, 'views counted in memory were written to Postgres on the way out').toBeGreaterThan(0);
    const lines = service.logLines();
    expect(lines.some((line) => line.msg === 'stopped')).toBe(true);
  }, 60_000);
});
