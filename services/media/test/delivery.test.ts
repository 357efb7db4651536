import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASPECT_CROPS, ASPECT_NAMES, aspectUrls, variantUrl, type UploadResponse } from '@coinmag/contracts';
import { DEMO_COVERS } from '@coinmag/demo-content';
import type { ObjectStorage } from '../src/storage/object-storage.js';
import { ADAPTERS } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { noisy } from './support/fixtures.js';
import { rawGet } from './support/http.js';
import { startMedia, upload, type RunningMedia } from './support/service.js';
import { mediaDuringSuite } from './support/suite-media.js';

const keys = createTestKeys();

describe.each(ADAPTERS.map((make) => [make().name, make] as const))('image delivery: %s', (_name, make) => {
  const adapter = make();
  let storage: ObjectStorage;
  let service: RunningMedia;
  let uploaded: UploadResponse;
  let originalBytes: Buffer;

  beforeAll(async () => {
    await adapter.setUp();
    storage = await adapter.fresh();
    service = await startMedia(storage, keys.publicKey);
    const res = await upload(service.url, keys.token(), await noisy(1600, 900).jpeg().toBuffer(), 'cover.jpg', 'image/jpeg');
    uploaded = (await res.json()) as UploadResponse;
    originalBytes = Buffer.from(await (await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg' } })).arrayBuffer());
  });
  afterAll(async () => {
    await service?.close();
    await adapter.tearDown();
  });

  it('serves the original with its type, length, validator and immutable caching', async () => {
    const res = await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(Number(res.headers.get('content-length'))).toBe(originalBytes.length);
    expect(Buffer.from(await res.arrayBuffer()).equals(originalBytes)).toBe(true);
  });

  it('answers the plain URL with the full-size WebP when the browser accepts it', async () => {
    const res = await fetch(service.url + uploaded.url, { headers: { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toBe('Accept');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 900]);
    const jpeg = await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg' } });
    expect(jpeg.headers.get('etag')).not.toBe(res.headers.get('etag'));
  });

  it('serves the 16:9, 4:3 and 1:1 crops of an upload for structured data, cut on the first request', async () => {
    const stem = uploaded.url.replace('/uploads/', '').replace(/\.jpg$/, '');
    expect(await storage.stat(`${stem}-a16x9.webp`)).toBeUndefined();
    const urls = aspectUrls(uploaded.url)!;
    for (const [index, aspect] of ASPECT_NAMES.entries()) {
      const res = await fetch(service.url + urls[index]!);
      expect(res.status, aspect).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', ASPECT_CROPS[aspect].width, ASPECT_CROPS[aspect].height]);
    }
  });

  it('cuts the crops of any stored original (one stored before crops existed) on its first request, and keeps them', async () => {
    const older = '00112233445566778899aabbccddeeff';
    await storage.put(`${older}.jpg`, await noisy(800, 600).jpeg().toBuffer(), 'image/jpeg');
    expect(await storage.stat(`${older}-a1x1.webp`)).toBeUndefined();
    const res = await fetch(`${service.url}/uploads/${older}-a1x1.webp`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1200]);
    for (const aspect of ASPECT_NAMES) expect(await storage.stat(`${older}-a${aspect}.webp`), aspect).toBeDefined();
    expect((await fetch(`${service.url}/uploads/ffeeddccbbaa99887766554433221100-a16x9.webp`)).status).toBe(404);
  });

  it('serves a variant as WebP without varying on Accept', async () => {
    const res = await fetch(service.url + variantUrl(uploaded.url, 960), { headers: { accept: 'image/jpeg' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toBeNull();
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(960);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg' } });
    await first.arrayBuffer();
    const res = await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg', 'if-none-match': first.headers.get('etag')! } });
    expect(res.status).toBe(304);
  });

  it('serves byte ranges with 206 and Content-Range', async () => {
    const res = await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg', range: 'bytes=100-199' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${originalBytes.length}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await res.arrayBuffer()).equals(originalBytes.subarray(100, 200))).toBe(true);

    const tail = await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg', range: 'bytes=-16' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(originalBytes.subarray(originalBytes.length - 16))).toBe(true);
  });

  it('answers a range past the end with 416', async () => {
    const res = await fetch(service.url + uploaded.url, { headers: { accept: 'image/jpeg', range: `bytes=${originalBytes.length + 10}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${originalBytes.length}`);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await rawGet(service.url, uploaded.url, { accept: 'image/jpeg' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(originalBytes.length));
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.body.length).toBe(0);
  });

  it('answers 404 for an unknown key', async () => {
    const res = await fetch(`${service.url}/uploads/0123456789abcdef0123456789abcdef.jpg`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: '找不到圖片' });
    expect((await fetch(`${service.url}/uploads/0123456789abcdef0123456789abcdef-w480.webp`)).status).toBe(404);
  });

  it('makes path traversal impossible, encoded or not', async () => {
    await adapter.plantOutside?.('secret.jpg', 'secret');
    const attempts = [
      '/uploads/../secret.jpg',
      '/uploads/../../../../etc/passwd',
      '/uploads/..%2fsecret.jpg',
      '/uploads/%2e%2e%2fsecret.jpg',
      '/uploads/%2e%2e/secret.jpg',
      '/uploads/..%5csecret.jpg',
      '/uploads/..\\secret.jpg',
      '/uploads/%252e%252e%252fsecret.jpg',
      '/uploads/a/../secret.jpg',
      '/uploads/.secret.jpg',
      '/uploads/secret.jpg%00.png',
      '/uploads/%c0%ae%c0%ae%2fsecret.jpg',
      `/uploads/${'a'.repeat(300)}.jpg`,
    ];
    for (const path of attempts) {
      const res = await rawGet(service.url, path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).not.toContain('secret');
    }
  });
});

describe('demo covers', () => {
  const [make] = ADAPTERS;
  const service = mediaDuringSuite(make!(), keys.publicKey);

  it('draws each missing cover once under its bare file name, with WebP variants', async () => {
    expect(await service.media.seedDemoCovers()).toBe(DEMO_COVERS.length);
    expect(await service.media.seedDemoCovers()).toBe(0);
    const res = await fetch(`${service.url}/uploads/demo-bitcoin.jpg`, { headers: { accept: 'image/jpeg' } });
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const variant = await fetch(`${service.url}${variantUrl('/uploads/demo-bitcoin.jpg', 480)}`);
    expect(variant.headers.get('content-type')).toBe('image/webp');
  });
});
