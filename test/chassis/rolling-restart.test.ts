// Issue 13.3, the gateway's side: content replicas restarted with a real SIGTERM under load
// through the gateway. Idempotent requests are replayed once on a reset and sent to the other
// replica when one refuses; with one replica, public GETs are answered from the gateway's
// cache or wait for the service to come back. No request may fail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { createTestDatabase, createTestSigningKeys, freePort, type TestDatabase } from '@coinmag/service-kit/testing';
import { createGatewayApp } from '../../gateway/src/app.js';
import { createContentCache, type ContentCache } from '../../gateway/src/cache/content-cache.js';
import { migrateContent, openDatabase } from '../../services/content/src/database.js';
import { insertArticle } from '../../services/content/test/content-harness.js';
import { startServiceProcess, type ServiceProcess } from './support/service-process.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = createLogger('rolling-test', 'silent');

interface Replica {
  port: number;
  process?: ServiceProcess;
}

interface Tally {
  ok: number;
  failures: string[];
}

/** `workers` clients asking public GETs through the gateway back to back until `stop()`. */
function loadThrough(base: string, paths: () => string, workers = 8) {
  const tally: Tally = { ok: 0, failures: [] };
  let running = true;
  const worker = async () => {
    while (running) {
      const path = paths();
      try {
        const res = await fetch(base + path);
        await res.arrayBuffer();
        if (res.status >= 500) tally.failures.push(`${res.status} ${path}`);
        else tally.ok += 1;
      } catch (err) {
        tally.failures.push(`${(err as Error).message} ${path}`);
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    tally,
    async stop() {
      running = false;
      await done;
      return tally;
    },
  };
}

describe('content restarts under load through the gateway', () => {
  let database: TestDatabase;
  let db: Knex;
  const keys = createTestSigningKeys();
  const prefix = `cm-rolling:${randomUUID()}:`;
  const slugs: string[] = [];

  const startReplica = async (replica: Replica) => {
    replica.process = await startServiceProcess('services/content/src/main.ts', replica.port, {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      JWT_PUBLIC_KEY: keys.publicKey,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MEDIA_URL: 'http://127.0.0.1:9',
      AUTH_URL: 'http://127.0.0.1:9',
    });
  };
  const sigterm = async (replica: Replica) => {
    replica.process!.child.kill('SIGTERM');
    await replica.process!.exited;
  };

  const startGateway = async (contentUrl: string, cacheMb: number): Promise<{ url: string; cache?: ContentCache; close(): Promise<void> }> => {
    const config = {
      CONTENT_URL: contentUrl, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 15_000, UPLOAD_TIMEOUT_MS: 15_000,
      UPSTREAM_RESTART_WAIT_MS: 30_000, GATEWAY_CACHE_MB: cacheMb, GATEWAY_CACHE_TTL_MS: 300_000, GATEWAY_CACHE_STALE_MS: 3_600_000,
    };
    const cache = createContentCache(config, silent);
    cache?.feed.start();
    const server: Server = createServer(createGatewayApp({ config, log: silent, cache: cache?.cache }).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    if (cache) await cache.feed.ready(10_000);
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      cache,
      async close() {
        await cache?.feed.stop();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase('cm_rolling');
    db = openDatabase({ DATABASE_URL: database.url, DB_SCHEMA: 'content', DB_POOL_MAX: 2 });
    await migrateContent(db, 'content');
    for (let i = 0; i < 30; i += 1) slugs.push((await insertArticle(db, { title: `滾動重啟 ${i}` })).slug);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('a rolling restart of two replicas, each stopped with SIGTERM in turn, fails no request', async () => {
    const replicas: Replica[] = [{ port: await freePort() }, { port: await freePort() }];
    await Promise.all(replicas.map(startReplica));
    // No gateway cache: every request goes to a replica while they restart.
    const gateway = await startGateway(replicas.map((r) => `http://127.0.0.1:${r.port}`).join(','), 0);
    let n = 0;
    const paths = () => {
      n += 1;
      return n % 3 === 0 ? `/api/articles?page=${(n % 3) + 1}&limit=5` : `/api/articles/${slugs[n % slugs.length]}`;
    };
    const load = loadThrough(gateway.url, paths);
    try {
      for (const replica of replicas) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await sigterm(replica);
        await startReplica(replica);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      const tally = await load.stop();
      await gateway.close();
      await Promise.all(replicas.map((r) => r.process?.stop()));
      expect(tally.failures).toEqual([]);
      expect(tally.ok).toBeGreaterThan(200);
    }
  }, 180_000);

  it('one replica restarted under load: no public GET fails', async () => {
    const replica: Replica = { port: await freePort() };
    await startReplica(replica);
    const gateway = await startGateway(`http://127.0.0.1:${replica.port}`, 16);
    let n = 0;
    // Mostly pages the gateway holds, and some it has never seen (they wait for the service).
    const paths = () => {
      n += 1;
      return n % 10 === 0 ? `/api/articles?page=1&limit=${(n % 40) + 1}` : `/api/articles/${slugs[n % slugs.length]}`;
    };
    for (const slug of slugs) await fetch(`${gateway.url}/api/articles/${slug}`);
    const load = loadThrough(gateway.url, paths);
    let stale = 0;
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sigterm(replica);
      const served = await fetch(`${gateway.url}/api/articles/${slugs[0]}`);
      if (served.headers.get('x-gateway-cache') === 'stale') stale += 1;
      expect(served.status).toBe(200);
      await startReplica(replica);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      const tally = await load.stop();
      await gateway.close();
      await replica.process?.stop();
      expect(tally.failures).toEqual([]);
      expect(tally.ok).toBeGreaterThan(50);
    }
    expect(stale).toBe(1);
  }, 180_000);
});
