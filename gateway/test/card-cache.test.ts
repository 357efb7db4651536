import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLASH_CARD_CATEGORY, flashHeadline, socialCardVersion } from '@coinmag/rules';
import { createLogger } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createContentCache, type ContentCache } from '../src/cache/content-cache.js';
import { adminClient, articleFields } from '../../services/content/test/admin-client.js';
import { insertArticle, insertCategory, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import type { ObjectStorage } from '../../services/media/src/storage/object-storage.js';
import { diskAdapter } from '../../services/media/test/support/adapters.js';
import { createTestKeys } from '../../services/media/test/support/auth.js';
import { startMedia, type RunningMedia } from '../../services/media/test/support/service.js';

const silent = createLogger('gateway-card-cache-test', 'silent');

/** The store with every look-up of a card counted: each one is a card request the media service answered. */
function countingCardLookups(inner: ObjectStorage): { storage: ObjectStorage; lookups: () => number } {
  let lookups = 0;
  const storage: ObjectStorage = {
    kind: inner.kind,
    ensureReady: () => inner.ensureReady(),
    check: () => inner.check(),
    put: (key, data, type) => inner.put(key, data, type),
    list: (prefix) => inner.list(prefix),
    read: (key, range) => inner.read(key, range),
    stat(key) {
      if (key.startsWith('card-')) lookups++;
      return inner.stat(key);
    },
  };
  return { storage, lookups: () => lookups };
}

/** Polls until `check` holds, for at most `ms`; the time it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

/** The gateway's cache of social cards, on real content (Postgres, Redis) and media services. */
describe('social cards in the gateway cache', () => {
  const adapter = diskAdapter();
  let api: ContentHarness;
  let media: RunningMedia;
  let counted: ReturnType<typeof countingCardLookups>;
  let contentCache: ContentCache;
  let server: Server;
  let gateway = '';
  let article: { id: number; slug: string };
  let categoryId: number;
  let siteTitle = '';

  beforeAll(async () => {
    await adapter.setUp();
    api = await startContent();
    counted = countingCardLookups(await adapter.fresh());
    media = await startMedia(counted.storage, createTestKeys().publicKey, 2, { contentUrl: api.url });
    categoryId = await insertCategory(api.db, { name: '市場分析', slug: 'market' });
    article = await insertArticle(api.db, { title: '快取的分享圖片', slug: 'cached-card', category_id: categoryId, featured_image: null });
    siteTitle = (await api.get('/api/settings')).body.site_title;
    const config = {
      CONTENT_URL: api.url, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: media.url, UPSTREAM_TIMEOUT_MS: 10_000, UPLOAD_TIMEOUT_MS: 10_000,
      UPSTREAM_RESTART_WAIT_MS: 300, GATEWAY_CACHE_MB: 16, GATEWAY_CACHE_TTL_MS: 300_000, GATEWAY_CACHE_STALE_MS: 3_600_000,
    };
    contentCache = createContentCache(config, silent)!;
    contentCache.feed.start();
    server = createServer(createGatewayApp({ config, log: silent, cache: contentCache.cache }).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    expect(await contentCache.feed.ready()).toBe(true);
    gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await contentCache?.feed.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await media?.close();
    await api?.close();
    await adapter.tearDown();
  });

  const card = async (query = '') => {
    const res = await fetch(`${gateway}/cards/article/${article.slug}.png${query}`);
    return { status: res.status, cache: res.headers.get('x-gateway-cache'), cacheControl: res.headers.get('cache-control'), body: Buffer.from(await res.arrayBuffer()) };
  };
  const versionOf = (title: string) => socialCardVersion({ title, category: '市場分析', siteTitle });

  it('answers a card again from its cache, whatever else the query holds, without asking the media service', async () => {
    const first = await card();
    expect([first.status, first.cache, first.cacheControl]).toEqual([200, 'miss', 'public, max-age=300']);
    const version = versionOf('快取的分享圖片');
    const versioned = await card(`?v=${version}`);
    expect([versioned.cache, versioned.cacheControl]).toEqual(['miss', 'public, max-age=31536000, immutable']);

    const asked = counted.lookups();
    for (const query of ['', '?cb=1', '?cb=2&utm_source=x']) {
      const again = await card(query);
      expect([again.status, again.cache], query).toEqual([200, 'hit']);
      expect(again.body.equals(first.body)).toBe(true);
    }
    expect((await card(`?utm=1&v=${version}`)).cache).toBe('hit');
    expect(counted.lookups()).toBe(asked);
  });

  it('never keeps the answer to an outdated or made-up version', async () => {
    for (let i = 0; i < 2; i++) expect((await card('?v=00000000')).cache).toBe('bypass');
  });

  it('shows the card of the new title on the very next request after an edit through the gateway', async () => {
    const before = await card();
    const res = await fetch(`${gateway}/api/articles/admin/${article.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${api.token}` },
      body: (() => {
        const form = new FormData();
        for (const [name, value] of Object.entries(articleFields({ title: '改過標題的分享圖片', slug: article.slug, category_id: String(categoryId) }))) form.append(name, value);
        return form;
      })(),
    });
    expect(res.status).toBe(200);
    const after = await card();
    expect(after.cache).toBe('miss');
    expect(after.body.equals(before.body)).toBe(false);
    expect((await card(`?v=${versionOf('快取的分享圖片')}`)).cacheControl).toBe('public, max-age=300');
    expect((await card(`?v=${versionOf('改過標題的分享圖片')}`)).cacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('drops a card when the site title is changed elsewhere, as soon as content announces it', async () => {
    const before = await card();
    expect((await card()).cache).toBe('hit');
    const { status } = await adminClient(api).json('PUT', '/api/settings/admin', { site_title: '另一個站名' });
    expect(status).toBe(200);
    const took = await within(1000, async () => !(await card()).body.equals(before.body));
    expect(took).toBeLessThan(1000);
  });

  it('has no card once the article is unpublished elsewhere', async () => {
    expect((await card()).status).toBe(200);
    const { status } = await adminClient(api).updateArticle(article.id, articleFields({ title: '改過標題的分享圖片', slug: article.slug, category_id: String(categoryId), status: 'draft' }));
    expect(status).toBe(200);
    await within(1000, async () => (await card()).status === 404);
  });

  it('keeps a 快訊 item\'s card as it keeps an article\'s, and draws it again on the next request after the item is edited through the gateway', async () => {
    const admin = adminClient(api);
    const created = await admin.json('POST', '/api/admin/flash', { text: '某交易所暫停提領\n官方稱為例行維護' });
    expect(created.status).toBe(201);
    const flashCard = async (query = '') => {
      const res = await fetch(`${gateway}/cards/flash/${created.body.id}.png${query}`);
      return { status: res.status, cache: res.headers.get('x-gateway-cache'), body: Buffer.from(await res.arrayBuffer()) };
    };
    const first = await flashCard();
    expect([first.status, first.cache]).toEqual([200, 'miss']);
    const asked = counted.lookups();
    const again = await flashCard('?cb=1');
    expect([again.status, again.cache]).toEqual([200, 'hit']);
    expect(again.body.equals(first.body)).toBe(true);
    const version = socialCardVersion({ title: flashHeadline('某交易所暫停提領\n官方稱為例行維護'), category: FLASH_CARD_CATEGORY, siteTitle: (await api.get('/api/settings')).body.site_title });
    expect((await flashCard(`?v=${version}`)).status).toBe(200);
    expect((await flashCard(`?v=${version}`)).cache).toBe('hit');
    expect(counted.lookups()).toBe(asked + 1);

    const edited = await fetch(`${gateway}/api/admin/flash/${created.body.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: '交易所恢復提領', version: created.body.version }),
    });
    expect(edited.status).toBe(200);
    const after = await flashCard();
    expect(after.cache).toBe('miss');
    expect(after.body.equals(first.body)).toBe(false);
  });
});
