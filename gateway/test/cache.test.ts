import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey, randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createContentCache, type ContentCache } from '../src/cache/content-cache.js';
import type { AppliedChange } from '../src/cache/invalidation-feed.js';
import { adminClient, articleFields } from '../../services/content/test/admin-client.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import { RedisStore } from '../../services/content/src/cache/redis-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = createLogger('gateway-cache-test', 'silent');

interface Gateway {
  url: string;
  contentCache: ContentCache;
  close(): Promise<void>;
}

async function startGateway(contentUrl: string): Promise<Gateway> {
  const config = {
    CONTENT_URL: contentUrl, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 2000, UPLOAD_TIMEOUT_MS: 2000,
    UPSTREAM_RESTART_WAIT_MS: 300, GATEWAY_CACHE_MB: 16, GATEWAY_CACHE_TTL_MS: 300_000, GATEWAY_CACHE_STALE_MS: 3_600_000,
  };
  const contentCache = createContentCache(config, silent)!;
  contentCache.feed.start();
  const server: Server = createServer(createGatewayApp({ config, log: silent, cache: contentCache.cache }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  expect(await contentCache.feed.ready()).toBe(true);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    contentCache,
    async close() {
      await contentCache.feed.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const titleOf = async (res: Response) => ((await res.json()) as { title: string }).title;

/** Polls until `check` holds, for at most `ms`; the time it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

describe('the gateway cache of public answers', () => {
  let api: ContentHarness;
  let gateway: Gateway;
  let article: { id: number; slug: string };

  beforeAll(async () => {
    api = await startContent();
    article = await insertArticle(api.db, { slug: 'cached-one', title: '快取文章' });
    gateway = await startGateway(api.url);
  });
  afterAll(async () => {
    await gateway?.close();
    await api?.close();
  });

  it('answers a repeated public GET from its cache without asking the service', async () => {
    const first = await fetch(`${gateway.url}/api/articles/cached-one`);
    expect(first.headers.get('x-gateway-cache')).toBe('miss');
    expect(await titleOf(first)).toBe('快取文章');
    let asked = 0;
    const count = () => asked++;
    api.db.on('query', count);
    const etag = (await fetch(`${gateway.url}/api/articles/cached-one`)).headers.get('etag');
    const again = await fetch(`${gateway.url}/api/articles/cached-one`);
    api.db.off('query', count);
    expect(again.headers.get('x-gateway-cache')).toBe('hit');
    expect(again.headers.get('cache-control')).toContain('public');
    expect(again.headers.get('x-cache-deps')).toBeNull();
    expect(etag).toMatch(/^W\/"/);
    const notModified = await fetch(`${gateway.url}/api/articles/cached-one`, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
    expect(asked).toBe(0);
  });

  it('compresses a cached body once per encoding, by Accept-Encoding', async () => {
    await insertArticle(api.db, { slug: 'long-one', title: '長文', content: `<p>${'比特幣與以太坊的基礎知識。'.repeat(300)}</p>` });
    const plain = Buffer.from(await (await fetch(`${gateway.url}/api/articles/long-one`)).arrayBuffer());
    const raw = async (encoding: string) => {
      const { request } = await import('undici');
      const res = await request(`${gateway.url}/api/articles/long-one`, { headers: { 'accept-encoding': encoding } });
      return { encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.from(await res.body.arrayBuffer()) };
    };
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain)).toBe(true);
    expect((await raw('identity')).encoding).toBeUndefined();
    const record = gateway.contentCache.cache.get('/api/articles/long-one')!.record;
    const kept = await record.encoded.br;
    expect(kept?.equals(br.body)).toBe(true);
    // The same kept buffer answers the next client: nothing is compressed again.
    expect(await record.encoded.br).toBe(kept);
  });

  it('answers the request that fills the cache with a gzip made on the spot, and the hits after it with the kept brotli form', async () => {
    await insertArticle(api.db, { slug: 'filled-one', title: '填入', content: `<p>${'穩定幣與去中心化交易所。'.repeat(300)}</p>` });
    const { request } = await import('undici');
    const ask = async () => {
      const res = await request(`${gateway.url}/api/articles/filled-one`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      return { cache: res.headers['x-gateway-cache'], encoding: res.headers['content-encoding'], body: Buffer.from(await res.body.arrayBuffer()) };
    };
    const miss = await ask();
    expect(miss).toMatchObject({ cache: 'miss', encoding: 'gzip' });
    const plain = gunzipSync(miss.body);
    expect(JSON.parse(plain.toString()).title).toBe('填入');
    await gateway.contentCache.cache.get('/api/articles/filled-one')!.record.encoded.br;
    const hit = await ask();
    expect(hit).toMatchObject({ cache: 'hit', encoding: 'br' });
    expect(brotliDecompressSync(hit.body).equals(plain)).toBe(true);
  });

  it('shows an edit made through the gateway on the very next request', async () => {
    expect(await titleOf(await fetch(`${gateway.url}/api/articles/cached-one`))).toBe('快取文章');
    const res = await fetch(`${gateway.url}/api/articles/admin/${article.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${api.token}` },
      body: (() => {
        const form = new FormData();
        for (const [name, value] of Object.entries(articleFields({ title: '改過的標題', slug: 'cached-one' }))) form.append(name, value);
        return form;
      })(),
    });
    expect(res.status).toBe(200);
    expect(await titleOf(await fetch(`${gateway.url}/api/articles/cached-one`))).toBe('改過的標題');
  });

  it('drops what an edit elsewhere (another gateway, the scheduler) changed, as soon as the service announces it', async () => {
    await fetch(`${gateway.url}/api/settings`);
    expect((await fetch(`${gateway.url}/api/settings`)).headers.get('x-gateway-cache')).toBe('hit');
    const admin = adminClient(api);
    const { status } = await admin.json('PUT', '/api/settings/admin', { site_title: '另一個站名' });
    expect(status).toBe(200);
    const took = await within(1000, async () => ((await (await fetch(`${gateway.url}/api/settings`)).json()) as { site_title: string }).site_title === '另一個站名');
    expect(took).toBeLessThan(1000);
  });

  it('serves what it holds when the service is down, and 503 for what it does not', async () => {
    await fetch(`${gateway.url}/api/articles/cached-one`);
    const contentPort = new URL(api.url).port;
    const stopped = await stopContentServer(api);
    try {
      await within(2000, async () => !gateway.contentCache.cache.isTrusted());
      const held = await fetch(`${gateway.url}/api/articles/cached-one`);
      expect(held.status).toBe(200);
      expect(held.headers.get('x-gateway-cache')).toBe('stale');
      const missing = await fetch(`${gateway.url}/api/articles/never-asked`);
      expect(missing.status).toBe(503);
      expect(await missing.json()).toEqual({ error: '服務暫時無法使用，請稍後再試' });
    } finally {
      await stopped.restart(Number(contentPort));
    }
    await gateway.contentCache.feed.ready();
  });
});

/** Closes the harness's listening server (the app stays), and can listen again on the same port. */
async function stopContentServer(api: ContentHarness) {
  const { server } = api;
  api.content.cacheEvents.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return {
    restart: (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
  };
}

describe('two gateways over Redis', () => {
  it('each drops an answer another one\'s edit changed', async () => {
    const prefix = `cm-gw-test:${randomUUID()}:`;
    const api = await startContent({ store: new RedisStore({ url: REDIS_URL, prefix, commandTimeoutMs: 1000 }) });
    const replica = await startContent({ store: new RedisStore({ url: REDIS_URL, prefix, commandTimeoutMs: 1000 }), db: api.db } as never);
    const a = await startGateway(api.url);
    const b = await startGateway(replica.url);
    try {
      const { slug, id } = await insertArticle(api.db, { slug: 'shared', title: '共用' });
      for (const gateway of [a, b]) {
        await fetch(`${gateway.url}/api/articles/${slug}`);
        expect((await fetch(`${gateway.url}/api/articles/${slug}`)).headers.get('x-gateway-cache')).toBe('hit');
      }
      const form = new FormData();
      for (const [name, value] of Object.entries(articleFields({ title: '另一台改的', slug }))) form.append(name, value);
      expect((await fetch(`${a.url}/api/articles/admin/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${api.token}` }, body: form })).status).toBe(200);
      expect(await titleOf(await fetch(`${a.url}/api/articles/${slug}`))).toBe('另一台改的');
      const took = await within(1000, async () => (await titleOf(await fetch(`${b.url}/api/articles/${slug}`))) === '另一台改的');
      expect(took).toBeLessThan(1000);
    } finally {
      await a.close();
      await b.close();
      await replica.close();
      await api.close();
    }
  });
});

describe('the gateway cache through a Redis outage', () => {
  it('never serves what an edit made during the outage changed', async () => {
    const { startPersistentRedis } = await import('../../services/content/test/persistent-redis.js');
    const redis = await startPersistentRedis();
    const api = await startContent({ store: new RedisStore({ url: redis.url, prefix: 'gw-outage:', commandTimeoutMs: 100 }) });
    const gateway = await startGateway(api.url);
    try {
      const { slug, id } = await insertArticle(api.db, { slug: 'outage-edit', title: '停機前' });
      await fetch(`${gateway.url}/api/articles/${slug}`);
      expect((await fetch(`${gateway.url}/api/articles/${slug}`)).headers.get('x-gateway-cache')).toBe('hit');
      await redis.kill();
      // Edited on the service directly, as through another gateway: this gateway sees no write.
      expect((await adminClient(api).updateArticle(id, articleFields({ title: '停機時改的', slug }))).status).toBe(200);
      const titles: string[] = [];
      for (let i = 0; i < 20; i += 1) titles.push(await titleOf(await fetch(`${gateway.url}/api/articles/${slug}`)));
      await redis.restart();
      const deadline = Date.now() + 4000;
      while (Date.now() < deadline) titles.push(await titleOf(await fetch(`${gateway.url}/api/articles/${slug}`)));
      expect(titles.filter((title) => title !== '停機時改的')).toEqual([]);
      // Trust (and caching) comes back once the pending invalidation is recorded.
      await within(5000, async () => gateway.contentCache.cache.isTrusted());
      await fetch(`${gateway.url}/api/articles/${slug}`);
      expect((await fetch(`${gateway.url}/api/articles/${slug}`)).headers.get('x-gateway-cache')).toBe('hit');
    } finally {
      await gateway.close();
      await api.close();
      await redis.destroy();
    }
  }, 60_000);
});

describe('two gateways, each following every content replica over Redis', () => {
  const prefix = `cm-gw-feed:${randomUUID()}:`;
  let first: ContentHarness;
  let second: ContentHarness;
  let a: Gateway;
  let b: Gateway;

  beforeAll(async () => {
    first = await startContent({ store: new RedisStore({ url: REDIS_URL, prefix, commandTimeoutMs: 1000 }) });
    // A replica of the same service: same database, same Redis keyspace, same token key.
    const publicKey = createPublicKey(first.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    second = await startContent({ store: new RedisStore({ url: REDIS_URL, prefix, commandTimeoutMs: 1000 }), db: first.db, publicKey } as never);
    // As the replica resolver hands them over in Swarm: one stream per content replica.
    a = await startGateway(`${first.url},${second.url}`);
    b = await startGateway(`${first.url},${second.url}`);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await first?.close();
  });

  /** Resolves with the next change `gateway` applies that names `dep`. */
  const nextChange = (gateway: Gateway, dep: string) =>
    new Promise<AppliedChange>((resolve) => {
      const off = gateway.contentCache.feed.onApplied((change) => {
        if (!change.deps.includes(dep)) return;
        off();
        resolve(change);
      });
    });

  const edit = async (gateway: Gateway, id: number, slug: string, title: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(articleFields({ title, slug }))) form.append(name, value);
    const res = await fetch(`${gateway.url}/api/articles/admin/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${first.token}` }, body: form });
    expect(res.status).toBe(200);
  };

  const warm = async (slug: string) => {
    for (const gateway of [a, b]) {
      await fetch(`${gateway.url}/api/articles/${slug}`);
      expect((await fetch(`${gateway.url}/api/articles/${slug}`)).headers.get('x-gateway-cache')).toBe('hit');
    }
  };

  it('the gateway that relayed a write answers it at once; the other on its next request after the feed delivers it, applied once though two replicas relay it', async () => {
    const { slug, id } = await insertArticle(first.db, { slug: 'feed-both', title: '寫入前' });
    await warm(slug);
    const appliedByB: AppliedChange[] = [];
    const offB = b.contentCache.feed.onApplied((change) => appliedByB.push(change));
    const deliveredToB = nextChange(b, 'articles');
    const writeStarted = Date.now();
    await edit(a, id, slug, '寫入後');
    // No wait at all on the gateway that relayed the write.
    expect(await titleOf(await fetch(`${a.url}/api/articles/${slug}`))).toBe('寫入後');
    const change = await deliveredToB;
    const read = await fetch(`${b.url}/api/articles/${slug}`);
    expect(await titleOf(read)).toBe('寫入後');
    expect(change.delayMs).toBeGreaterThanOrEqual(0);
    expect(change.delayMs).toBeLessThan(1000);
    // Both replicas relayed the one announcement: applied once.
    await titleOf(await fetch(`${b.url}/api/articles/${slug}`));
    offB();
    expect(appliedByB.filter((c) => c.deps.includes('articles'))).toHaveLength(1);
    // Its cached answers say which changes they include: this one's announcement or later.
    expect(Number((await fetch(`${b.url}/api/articles/${slug}`)).headers.get('x-gateway-cache-as-of'))).toBeGreaterThanOrEqual(writeStarted);
  });

  it('keeps hearing changes and trusting its cache while one content replica is gone', async () => {
    const { slug, id } = await insertArticle(first.db, { slug: 'feed-one-gone', title: '一台停機前' });
    await warm(slug);
    const port = Number(new URL(first.url).port);
    const stopped = await stopContentServer(first);
    try {
      const deliveredToB = nextChange(b, 'articles');
      // Written on the replica still up (a multipart write is not replayed on another replica).
      expect((await adminClient({ ...second, token: first.token }).updateArticle(id, articleFields({ title: '一台停機後', slug }))).status).toBe(200);
      await deliveredToB;
      expect(b.contentCache.cache.isTrusted()).toBe(true);
      const after = await fetch(`${b.url}/api/articles/${slug}`);
      expect(await titleOf(after)).toBe('一台停機後');
      expect((await fetch(`${b.url}/api/articles/${slug}`)).headers.get('x-gateway-cache')).toBe('hit');
    } finally {
      await stopped.restart(port);
    }
  });

  it('never serves an answer a change outdated, not even when the service fails', async () => {
    const { slug, id } = await insertArticle(first.db, { slug: 'feed-no-stale', title: '舊的不再給' });
    await warm(slug);
    const deliveredToB = nextChange(b, 'articles');
    await edit(a, id, slug, '新的');
    await deliveredToB;
    // Both replicas down: the record B holds is known old, so B answers 503 rather than it.
    const ports = [Number(new URL(first.url).port), Number(new URL(second.url).port)];
    const stopped = [await stopContentServer(first), await stopContentServer(second)];
    try {
      const res = await fetch(`${b.url}/api/articles/${slug}`);
      expect(res.status).toBe(503);
    } finally {
      await stopped[0]!.restart(ports[0]!);
      await stopped[1]!.restart(ports[1]!);
    }
  });
});
