import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { createLogger } from '@coinmag/service-kit';
import { createTestDatabase, createTestSigningKeys, signTestAdminToken, type TestDatabase } from '@coinmag/service-kit/testing';
import { MediaServiceCoverStore } from '../src/articles/cover-store.js';
import { randomUUID } from 'node:crypto';
import { createContentApp, type ContentApp, type ContentDeps } from '../src/app.js';
import { RedisStore } from '../src/cache/redis-store.js';
import { viewStoreBeside } from '../src/stores.js';
import { migrateContent, openDatabase } from '../src/database.js';
import { ArticlesRepository } from '../src/articles/articles.repository.js';
import { buildArticleWrite, type ArticleFields } from '../src/articles/article-write.js';
import { articleFields } from './article-fields.js';

export interface ContentHarness {
  url: string;
  /** The listening server (tests that stop and restart it). */
  server: Server;
  content: ContentApp;
  /** A valid admin token for the harness's key pair. */
  token: string;
  privateKey: string;
  db: Knex;
  setNow(date: Date): void;
  get(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** The real content app over a fresh Postgres database, listening on a free port. */
export async function startContent(extra: Partial<ContentDeps> = {}): Promise<ContentHarness> {
  const database: TestDatabase = await createTestDatabase('cm_content');
  const db = openDatabase({ DATABASE_URL: database.url, DB_SCHEMA: 'content', DB_POOL_MAX: 5 });
  await migrateContent(db, 'content');
  let now: Date | undefined;
  const keys = createTestSigningKeys();
  // Real Redis, under a key prefix of this test file's own.
  const store = extra.store ?? new RedisStore({ url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `cm-test:${randomUUID()}:`, commandTimeoutMs: 1000 });
  // View counting in the same keyspace, on its own connection, unless the test brings its own.
  const ownViews = extra.counterStore ? undefined : viewStoreBeside(store);
  const counterStore = extra.counterStore ?? ownViews!;
  const content = createContentApp({
    db,
    store,
    counterStore,
    log: createLogger('content-test', 'silent'),
    clock: () => now ?? new Date(),
    publicKey: keys.publicKey,
    // Nothing listens on port 9: a cover upload meets a media service that is down.
    covers: new MediaServiceCoverStore('http://127.0.0.1:9'),
    ...extra,
  });
  // The store refuses commands until its connection is up (no offline queue), and the service
  // then answers uncached: tests that count cache hits start once it answers.
  await storeAnswering(store);
  await storeAnswering(counterStore);
  const server: Server = await new Promise((resolve) => {
    const s = content.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    content,
    token: signTestAdminToken(keys.privateKey),
    privateKey: keys.privateKey,
    db,
    setNow: (date) => {
      now = date;
    },
    async get(path, init) {
      const res = await fetch(url + path, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body, headers: res.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      content.scheduler.stop();
      await content.bodies.close();
      await store.close();
      await ownViews?.close();
      await db.destroy();
      await database.drop();
    },
  };
}

let counter = 0;

export async function insertCategory(db: Knex, overrides: Record<string, unknown> = {}): Promise<number> {
  counter += 1;
  const [row] = await db('categories')
    .insert({ name: `分類${counter}`, slug: `cat-${counter}`, is_active: true, show_in_header: true, sort_order: counter, ...overrides })
    .returning('id');
  return row.id;
}

export async function insertArticle(db: Knex, overrides: Partial<ArticleFields> = {}): Promise<{ id: number; slug: string }> {
  counter += 1;
  const fields = articleFields({
    title: `文章 ${counter}`,
    slug: `article-${counter}`,
    content: `<h2>段落</h2><p>內文 ${counter}</p>`,
    published_at: new Date(Date.now() - counter * 60_000),
    ...overrides,
  });
  const repository = new ArticlesRepository(db);
  const id = await db.transaction(async (trx) => {
    const newId = await repository.insert(trx, buildArticleWrite(fields));
    await repository.replaceTags(trx, newId, fields.tags);
    return newId;
  });
  return { id, slug: fields.slug };
}

async function storeAnswering(store: { ping(): Promise<unknown> }): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await store.ping();
      return;
    } catch (err) {
      if (attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
