import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_DEPS_HEADER } from '@coinmag/contracts';
import { FLASH_CARD_CATEGORY, flashCardPath, flashHeadline, shortHash, socialCardPath, socialCardVersion } from '@coinmag/rules';
import { adminClient, articleFields } from '../../content/test/admin-client.js';
import { insertArticle, insertCategory, startContent, type ContentHarness } from '../../content/test/content-harness.js';
import { CardArtist } from '../src/cards/card-drawing.js';
import { CardFont } from '../src/cards/card-font.js';
import { CARD_NOT_FOUND } from '../src/cards/cards.routes.js';
import type { ObjectStorage } from '../src/storage/object-storage.js';
import { minioAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { startMedia, type RunningMedia } from './support/service.js';

const TITLE = '比特幣突破新高：機構資金持續湧入';

/** The title band of a card as raw grey pixels (where the title's lines are drawn). */
async function titleBand(png: Buffer): Promise<Buffer> {
  return sharp(png).extract({ left: 80, top: 200, width: 1040, height: 260 }).greyscale().raw().toBuffer();
}

/** A pass-through in front of the content service that records what each request asked and how many bytes came back. */
async function recordingFront(target: string): Promise<{ url: string; asked: Array<{ path: string; bytes: number }>; close(): Promise<void> }> {
  const asked: Array<{ path: string; bytes: number }> = [];
  const origin = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request({ host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const entry = { path: req.url ?? '', bytes: 0 };
      asked.push(entry);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('data', (chunk: Buffer) => (entry.bytes += chunk.length));
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const differing = (a: Buffer, b: Buffer) => a.reduce((count, value, i) => count + (Math.abs(value - b[i]!) > 64 ? 1 : 0), 0);

/**
 * Social cards on a real content service (Postgres, Redis) and S3 server: drawn from the
 * published article as it is, stored once per version, checked by their pixels.
 */
describe('social cards', () => {
  const keys = createTestKeys();
  const s3 = minioAdapter();
  let content: ContentHarness;
  let media: RunningMedia;
  let storage: ObjectStorage;
  let siteTitle: string;
  let article: { id: number; slug: string };
  let categoryId: number;

  beforeAll(async () => {
    await s3.setUp();
    content = await startContent();
    storage = await s3.fresh();
    media = await startMedia(storage, keys.publicKey, 2, { contentUrl: content.url });
    categoryId = await insertCategory(content.db, { name: '市場分析', slug: 'market' });
    article = await insertArticle(content.db, { title: TITLE, slug: '比特幣突破新高', category_id: categoryId, featured_image: null });
    siteTitle = (await content.get('/api/settings')).body.site_title;
  }, 60_000);
  afterAll(async () => {
    await media?.close();
    await content?.close();
    await s3.tearDown();
  });

  const cardUrl = (title = TITLE, category: string | null = '市場分析') => `${media.url}${socialCardPath(article.slug, { title, category, siteTitle })}`;

  it('draws a 1200×630 PNG of a published article, immutable at its version, once', async () => {
    const first = await fetch(cardUrl());
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await first.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(await storage.list('card-')).toEqual([`card-${shortHash(article.slug)}-${socialCardVersion({ title: TITLE, category: '市場分析', siteTitle })}.png`]);

    const again = await fetch(cardUrl());
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true);
    expect(await storage.list('card-')).toHaveLength(1);
    const notModified = await fetch(cardUrl(), { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
  });

  it('draws every character of the title as its own glyph, never a box', async () => {
    const bold = new CardFont(700);
    for (const char of TITLE) expect(bold.glyphOf(char), char).toBeDefined();
    // Boxes (.notdef) look the same whatever character they stand for; real glyphs do not.
    const artist = new CardArtist();
    const a = await titleBand(await artist.png({ title: '比特幣突破新高', category: null, siteTitle }));
    const b = await titleBand(await artist.png({ title: '以太幣跌破新低', category: null, siteTitle }));
    const blank = await titleBand(await artist.png({ title: ' ', category: null, siteTitle }));
    expect(differing(a, blank)).toBeGreaterThan(5000);
    expect(differing(a, b)).toBeGreaterThan(3000);
  });

  it('fits the longest title in three lines, ending with an ellipsis', () => {
    const lines = new CardArtist().titleLines('比特幣與以太坊'.repeat(30).slice(0, 200));
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
  });

  it('is drawn again when the title or category changes; an old version gets the current card, briefly cached', async () => {
    const before = Buffer.from(await (await fetch(cardUrl())).arrayBuffer());
    const renamed = await adminClient(content).updateArticle(article.id, articleFields({ title: '比特幣再創新高', slug: article.slug, category_id: String(categoryId) }));
    expect(renamed.status).toBe(200);
    const current = await fetch(cardUrl('比特幣再創新高'));
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const after = Buffer.from(await current.arrayBuffer());
    expect(after.equals(before)).toBe(false);
    const old = await fetch(cardUrl());
    expect(old.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await old.arrayBuffer()).equals(after)).toBe(true);
  });

  it('reads the title and category without the article: a card of a 1.5 MB article reads a few hundred bytes from content', async () => {
    const long = await insertArticle(content.db, { title: '很長的文章', slug: 'long-article', category_id: categoryId, featured_image: null, content: `<p>${'比特幣'.repeat(170_000)}</p>` });
    const front = await recordingFront(content.url);
    const reader = await startMedia(storage, keys.publicKey, 2, { contentUrl: front.url });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${reader.url}/cards/article/${long.slug}.png?cb=${i}`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      expect(front.asked.map((entry) => entry.path)).not.toContain(`/api/articles/${long.slug}`);
      const bytes = front.asked.reduce((sum, entry) => sum + entry.bytes, 0);
      expect(bytes).toBeLessThan(3 * 16 * 1024);
    } finally {
      await reader.close();
      await front.close();
    }
  });

  it('names its dependencies for the gateway with its current version or none, never with another', async () => {
    const version = socialCardVersion({ title: '很長的文章', category: '市場分析', siteTitle });
    const headerOf = async (query: string) => {
      const res = await fetch(`${media.url}/cards/article/long-article.png${query}`);
      await res.arrayBuffer();
      return res.headers.get(CACHE_DEPS_HEADER);
    };
    expect(await headerOf('')).toBe('articles,categories,settings');
    expect(await headerOf(`?v=${version}`)).toBe('articles,categories,settings');
    expect(await headerOf('?v=00000000')).toBeNull();
  });

  it('draws a 快訊 item\'s card from its first line, and none for an item still to come', async () => {
    const text = '交易所暫停提領\n官方稱為例行維護';
    const [{ id }] = await content.db('flash_items').insert({ text, published_at: new Date(Date.now() - 60_000) }).returning('id');
    const [{ id: future }] = await content.db('flash_items').insert({ text: '尚未發布的快訊', published_at: new Date(Date.now() + 3_600_000) }).returning('id');
    const path = flashCardPath(id, { title: flashHeadline(text), category: FLASH_CARD_CATEGORY, siteTitle });
    const res = await fetch(`${media.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get(CACHE_DEPS_HEADER)).toBe('flash,settings');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    for (const missing of [`/cards/flash/${future}.png`, '/cards/flash/999999.png', '/cards/flash/abc.png']) {
      expect((await fetch(`${media.url}${missing}`)).status, missing).toBe(404);
    }
  });

  it('has no card for an unknown or unpublished article, or a malformed address', async () => {
    const draft = await insertArticle(content.db, { title: '尚未發布的草稿', slug: 'draft-card', status: 'draft', published_at: null });
    for (const path of [`/cards/article/no-such-article.png`, `/cards/article/${draft.slug}.png`, '/cards/article/%E0%A4%A.png', '/cards/article/a%2Fb.png']) {
      const res = await fetch(`${media.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: CARD_NOT_FOUND });
    }
  });
});
