import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewBeaconAnswer } from '@coinmag/contracts';
import { createLogger, createRedisClient } from '@coinmag/service-kit';
import { GatewayViews, RedisViewStore, VIEW_BATCH_REGISTRY, ViewCounter, ViewsRepository, type CountedBeacon } from '@coinmag/views';
import { createTestSigningKeys } from '@coinmag/service-kit/testing';
import { createContentApp } from '../../services/content/src/app.js';
import { MediaServiceCoverStore } from '../../services/content/src/articles/cover-store.js';
import { RedisStore } from '../../services/content/src/cache/redis-store.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import { startPrivateRedis, type PrivateRedis } from '../../services/content/test/private-redis.js';
import { createGatewayApp } from '../src/app.js';
import { createContentCache, type ContentCache } from '../src/cache/content-cache.js';
import { HttpContentCounting } from '../src/edge/content-counting.js';
import { UpstreamPool } from '../src/proxy/upstream-pool.js';

// The gateway counts the beacons it receives itself (docs/adr/0012, 0014): the content service's Redis,
// keys, limits and script, every service real (Postgres, Redis, the content app), no hop per beacon.
const silent = createLogger('test', 'silent');
const PREFIX = 'gwcount:';
let readers = 0;
const newReader = () => {
  readers += 1;
  return { 'x-forwarded-for': `10.9.${(readers >> 8) & 255}.${readers & 255}`, 'user-agent': `reader-${readers}` };
};

/** A beacon counted by the gateway itself: its answer (undefined when the content service answered it). */
const countedHere = (answer: CountedBeacon | ViewBeaconAnswer) => ('status' in answer ? undefined : answer);

/** A new store's connection is up (it refuses commands until then). */
async function connected(store: { ping(): Promise<unknown> }) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await store.ping();
    } catch (err) {
      if (attempt > 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

describe('view beacons counted by the gateway', () => {
  let redis: PrivateRedis;
  let api: ContentHarness;
  let contentCache: ContentCache;
  let gatewayRedis: Redis;
  let counting: GatewayViews<ViewBeaconAnswer>;
  let gateway: Server;
  let base: string;
  /** What reached the content service, method and path. */
  const contentSaw: string[] = [];
  const stores: Array<{ close(): Promise<void> }> = [];
  const store = () => {
    const made = new RedisStore({ url: redis.url, prefix: PREFIX, commandTimeoutMs: 500, autoPipelining: true });
    stores.push(made);
    return made;
  };
  const viewStore = () => {
    const made = RedisViewStore.open({ url: redis.url, prefix: PREFIX, commandTimeoutMs: 500, autoPipelining: true });
    stores.push(made);
    return made;
  };

  const buildGateway = (contentUrls: string[]) => {
    const pool = new UpstreamPool(contentUrls);
    return new GatewayViews({
      store: new RedisViewStore(gatewayRedis, redis.url, PREFIX),
      content: new HttpContentCounting({ content: pool, timeoutMs: 2000, log: silent }),
      log: silent,
      trusted: () => contentCache.cache.isTrusted(),
    });
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const counted = viewStore();
    api = await startContent({ store: store(), counterStore: counted });
    api.server.on('request', (req) => contentSaw.push(`${req.method} ${req.url}`));
    contentCache = createContentCache({ CONTENT_URL: api.url, GATEWAY_CACHE_MB: 8, GATEWAY_CACHE_TTL_MS: 60_000, GATEWAY_CACHE_STALE_MS: 60_000 }, silent)!;
    contentCache.start();
    expect(await contentCache.feed.ready()).toBe(true);
    gatewayRedis = createRedisClient(redis.url, undefined, { keyPrefix: PREFIX, enableOfflineQueue: false, commandTimeout: 500 });
    await new Promise((resolve) => gatewayRedis.once('ready', resolve));
    counting = buildGateway([api.url]);
    const app = createGatewayApp({
      config: { CONTENT_URL: api.url, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 2000, UPLOAD_TIMEOUT_MS: 2000, TRUSTED_PROXY_HOPS: 1 },
      log: silent, cache: contentCache.cache, beaconViews: counting,
    });
    gateway = createServer(app.callback());
    base = await listen(gateway);
  });
  afterAll(async () => {
    gateway?.closeAllConnections();
    await new Promise((resolve) => gateway?.close(resolve));
    await contentCache?.stop();
    gatewayRedis?.disconnect();
    await api?.close();
    for (const made of stores) await made.close();
    await redis?.stop();
  });

  const beacon = async (slug: string, headers: Record<string, string> = newReader(), pv: string = randomUUID(), referrer?: string) => {
    const res = await fetch(`${base}/api/articles/${slug}/views?pv=${pv}${referrer === undefined ? '' : `&r=${encodeURIComponent(referrer)}`}`, { method: 'POST', headers });
    return { status: res.status, body: (await res.json()) as { view_count: number; counted: boolean }, headers: res.headers };
  };
  const viewCount = async (slug: string) => Number((await api.db('articles').where({ slug }).first('view_count')).view_count);
  /** An article's hourly buckets as 'kind host device views', in order. */
  const bucketsOf = async (slug: string) => {
    const rows = await api.db('view_hours').join('articles', 'articles.id', 'view_hours.article_id').where('articles.slug', slug)
      .select('source_kind', 'host', 'device').sum({ views: 'views' }).groupBy('source_kind', 'host', 'device').orderBy(['source_kind', 'host', 'device']);
    return (rows as Array<{ source_kind: string; host: string; device: string; views: string }>).map((row) => `${row.source_kind} ${row.host} ${row.device} ${Number(row.views)}`);
  };
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
  const beaconRoutesSeen = () => contentSaw.filter((line) => line.includes('/views') || line.includes('/internal/view-beacons'));

  it('counts each beacon with no request to the content service, and hands the views over exactly', async () => {
    const { slug } = await insertArticle(api.db, { slug: 'counted-at-the-gateway' });
    const before = await viewCount(slug);
    contentSaw.length = 0;
    const answers = [];
    // A third from LINE on a phone, a third with this site's own host (direct), a third with none.
    for (let i = 0; i < 30; i += 1) {
      const reader = newReader();
      answers.push(await (i % 3 === 0 ? beacon(slug, { ...reader, 'user-agent': `${PHONE} ${reader['user-agent']}` }, randomUUID(), 'line.me') : beacon(slug, reader, randomUUID(), i % 3 === 1 ? '127.0.0.1' : undefined)));
    }
    expect(answers.every(({ status, body }) => status === 200 && body.counted)).toBe(true);
    expect(answers.map(({ body }) => body.view_count)).toEqual(Array.from({ length: 30 }, (_, i) => before + i + 1));
    // The edge's headers, as on every answer.
    const { headers } = answers[0]!;
    expect([headers.get('cache-control'), headers.get('content-type'), headers.get('x-content-type-options')]).toEqual(['no-store', 'application/json; charset=utf-8', 'nosniff']);
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(headers.get('x-request-id')).toMatch(/\S/);
    // One question about the article, none per beacon.
    expect(beaconRoutesSeen()).toEqual([]);
    expect(contentSaw.filter((line) => line.startsWith('GET /internal/view-articles?')).length).toBeLessThanOrEqual(2);
    expect(await counting.handOver()).toBe(true);
    expect(await viewCount(slug)).toBe(before + 30);
    // With their buckets, handed over with the counts.
    expect(await bucketsOf(slug)).toEqual(['direct  desktop 20', 'social line.me phone 10']);
    // Redis's copy went with the hand-over; the answer stays the live count.
    expect(await gatewayRedis.smembers(VIEW_BATCH_REGISTRY)).toEqual([]);
    expect((await beacon(slug)).body).toEqual({ view_count: before + 31, counted: true });
    await counting.handOver();
    expect(await viewCount(slug)).toBe(before + 31);
  });

  it('admits as the content service does: a page view once, a reader once, whichever of the two saw it first', async () => {
    const { slug } = await insertArticle(api.db, { slug: 'admitted-alike' });
    const reader = newReader();
    const pv = randomUUID();
    const before = await viewCount(slug);
    expect((await beacon(slug, reader, pv)).body.counted).toBe(true);
    // The same page view sent again (its first answer lost): answered as counted, counted once.
    expect((await beacon(slug, reader, pv)).body).toEqual({ view_count: before + 1, counted: true });
    expect((await beacon(slug, reader)).body.counted).toBe(false);
    // The same reader straight at the content service (as a beacon the gateway could not count goes): a repeat.
    const direct = await fetch(`${api.url}/api/articles/${slug}/views?pv=${randomUUID()}`, { method: 'POST', headers: reader });
    expect(((await direct.json()) as { counted: boolean }).counted).toBe(false);
    // What the gateway cannot check itself goes to the content service, which refuses it.
    expect((await fetch(`${base}/api/articles/${slug}/views?pv=1234`, { method: 'POST', headers: newReader() })).status).toBe(400);
    expect((await fetch(`${base}/api/articles/no-such-article/views`, { method: 'POST', headers: newReader() })).status).toBe(404);
  });

  it('stops counting an unpublished article at once', async () => {
    const { id, slug } = await insertArticle(api.db, { slug: 'unpublished-soon' });
    expect((await beacon(slug)).body.counted).toBe(true);
    const res = await fetch(`${api.url}/api/articles/admin/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${api.token}` } });
    expect(res.status).toBeLessThan(300);
    expect((await beacon(slug)).status).toBe(404);
  });

  it('loses nothing when the gateway dies before handing over: a content process applies Redis\'s copy once', async () => {
    const { slug } = await insertArticle(api.db, { slug: 'gateway-killed' });
    const before = await viewCount(slug);
    // A second gateway that counts and then dies: its batch is left in Redis, never handed over.
    const dying = buildGateway([api.url]);
    for (let i = 0; i < 12; i += 1) {
      const outcome = await dying.views.count({ slug, pageViewId: randomUUID(), address: `10.8.0.${i}`, userAgent: 'dying-gateway-reader', referrer: 'www.bing.com' });
      expect(countedHere(outcome)?.counted).toBe(true);
    }
    // A content process finding batches of others (no age needed here: the gateway is gone).
    const recovering = viewStore();
    await connected(recovering);
    const recoverer = new ViewCounter(recovering, new ViewsRepository(api.db), silent, 0);
    await recoverer.flush();
    expect(await viewCount(slug)).toBe(before + 12);
    expect(await bucketsOf(slug)).toEqual(['search www.bing.com desktop 12']);
    // Had the gateway only stalled, its own copy handed later adds nothing twice.
    expect(await dying.handOver()).toBe(true);
    expect(await viewCount(slug)).toBe(before + 12);
    expect(await bucketsOf(slug)).toEqual(['search www.bing.com desktop 12']);
  });

  describe('a content replica killed mid-batch', () => {
    let cutter: Server;
    let cutterUrl: string;
    let replica: ReturnType<typeof createContentApp>;
    let replicaServer: Server;
    let replicaUrl: string;
    const refusedUrl = 'http://127.0.0.1:9';

    beforeAll(async () => {
      // A replica killed mid-batch: it takes the request and drops the connection without an answer.
      cutter = createServer((req) => req.socket.destroy());
      cutterUrl = await listen(cutter);
      // Another replica of the same service (same database and Redis).
      const keys = createTestSigningKeys();
      replica = createContentApp({ db: api.db, store: store(), counterStore: viewStore(), log: silent, publicKey: keys.publicKey, covers: new MediaServiceCoverStore(refusedUrl) });
      replicaServer = createServer(replica.app.callback());
      replicaUrl = await listen(replicaServer);
    });
    afterAll(async () => {
      cutter.closeAllConnections();
      cutter.close();
      replicaServer.closeAllConnections();
      replicaServer.close();
      replica.scheduler.stop();
      await replica.bodies.close();
    });

    it('hands counted views to another replica when one cuts or refuses the hand-over, and they are applied once', async () => {
      const { slug } = await insertArticle(api.db, { slug: 'replica-killed' });
      const before = await viewCount(slug);
      const spread = buildGateway([cutterUrl, refusedUrl, replicaUrl]);
      for (let i = 0; i < 5; i += 1) expect(countedHere(await spread.views.count({ slug, pageViewId: randomUUID(), address: `10.7.0.${i}`, userAgent: 'spread-reader' }))?.counted).toBe(true);
      expect(await spread.handOver()).toBe(true);
      expect(await viewCount(slug)).toBe(before + 5);
    });

    it('sends a batch of beacons cut mid-way, or left unanswered, to another replica: every beacon answered, each counted once', async () => {
      const { slug } = await insertArticle(api.db, { slug: 'batch-cut' });
      const before = await viewCount(slug);
      // A replica killed where its address goes silent: it takes the batch and never answers.
      const mute = createServer(() => {});
      const muteUrl = await listen(mute);
      // A gateway that does not count itself: it hands beacons to the content service in batches.
      const app = createGatewayApp({
        config: { CONTENT_URL: `${cutterUrl},${muteUrl},${replicaUrl}`, AUTH_URL: refusedUrl, MEDIA_URL: refusedUrl, UPSTREAM_TIMEOUT_MS: 2000, UPLOAD_TIMEOUT_MS: 2000, TRUSTED_PROXY_HOPS: 1 },
        log: silent,
      });
      const forwarding = createServer(app.callback());
      const forwardingUrl = await listen(forwarding);
      try {
        const answers = await Promise.all(
          Array.from({ length: 10 }, async () => {
            const res = await fetch(`${forwardingUrl}/api/articles/${slug}/views?pv=${randomUUID()}`, { method: 'POST', headers: newReader() });
            return { status: res.status, body: (await res.json()) as { counted: boolean } };
          }),
        );
        expect(answers.filter(({ status, body }) => status === 200 && body.counted).length).toBe(10);
        await replica.views.flush();
        expect(await viewCount(slug)).toBe(before + 10);
      } finally {
        forwarding.closeAllConnections();
        forwarding.close();
        mute.closeAllConnections();
        mute.close();
      }
    });
  });

  it('keeps what it counted when Redis dies, hands it over, and sends beacons to the content service meanwhile', async () => {
    const { slug } = await insertArticle(api.db, { slug: 'redis-killed' });
    const before = await viewCount(slug);
    for (let i = 0; i < 8; i += 1) expect((await beacon(slug)).body.counted).toBe(true);
    await redis.stop();
    contentSaw.length = 0;
    // Redis gone: the content service counts (straight into Postgres, as it does without Redis).
    const meanwhile = await beacon(slug);
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.body.counted).toBe(true);
    expect(beaconRoutesSeen().length).toBe(1);
    expect(await counting.handOver()).toBe(true);
    expect(await viewCount(slug)).toBe(before + 9);
    // The one the content service counted straight into Postgres is in its bucket too.
    expect(await bucketsOf(slug)).toEqual(['direct  desktop 9']);
  });
});
