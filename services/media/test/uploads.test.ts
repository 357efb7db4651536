import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, uploadResponseSchema, VARIANT_WIDTHS, variantSrcset, variantUrl, type UploadResponse } from '@coinmag/contracts';
import type { ObjectStorage } from '../src/storage/object-storage.js';
import { MEDIA_MESSAGES } from '../src/media/media-errors.js';
import { ADAPTERS } from './support/adapters.js';
import { createTestKeys, foreignPrivateKey } from './support/auth.js';
import { noisy, orientedJpegWithGps, pngBomb, pngDeclaring, solid, svgWithScript } from './support/fixtures.js';
import { streamUpload } from './support/http.js';
import { startMedia, upload, type RunningMedia } from './support/service.js';
import { mediaDuringSuite } from './support/suite-media.js';

const keys = createTestKeys();

async function fetchImage(url: string, accept = 'image/jpeg,image/png,image/gif,*/*;q=0.5') {
  const res = await fetch(url, { headers: { accept } });
  return { res, data: Buffer.from(await res.arrayBuffer()) };
}

describe.each(ADAPTERS.map((make) => [make().name, make] as const))('image uploads: %s', (_name, make) => {
  const adapter = make();
  let storage: ObjectStorage;
  let service: RunningMedia;
  const token = keys.token();

  beforeAll(async () => {
    await adapter.setUp();
    storage = await adapter.fresh();
    service = await startMedia(storage, keys.publicKey);
  });
  afterAll(async () => {
    await service?.close();
    await adapter.tearDown();
  });

  async function uploadOk(data: Buffer, filename: string, type: string): Promise<UploadResponse> {
    const res = await upload(service.url, token, data, filename, type);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    return uploadResponseSchema.parse(body);
  }

  it('reports uploads as available when the store answers', async () => {
    const res = await fetch(`${service.url}/api/uploads/test`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: MEDIA_MESSAGES.storageUp });
  });

  it('auto-orients a JPEG and strips its EXIF and GPS data', async () => {
    const input = await orientedJpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('CoinmagCam'))).toBe(true);

    const body = await uploadOk(input, 'photo.jpg', 'image/jpeg');
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(body.filename).toBe(body.url.slice('/uploads/'.length));
    expect([body.width, body.height]).toEqual([200, 300]);
    expect(body.sizeMB).toBeGreaterThan(0);

    const { res, data } = await fetchImage(service.url + body.url);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const after = await sharp(data).metadata();
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(data.includes(Buffer.from('CoinmagCam'))).toBe(false);
    expect(data.includes(Buffer.from('Exif\0\0'))).toBe(false);
    const variant = await fetchImage(service.url + variantUrl(body.url, 480), 'image/webp');
    const variantMeta = await sharp(variant.data).metadata();
    expect([variantMeta.width, variantMeta.height, variantMeta.exif]).toEqual([200, 300, undefined]);
    expect(variant.data.includes(Buffer.from('CoinmagCam'))).toBe(false);
    // Orientation 6 turns the red left half into the top half.
    const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(pixels.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(at(100, 40)[0]).toBeGreaterThan(200);
    expect(at(100, 40)[2]).toBeLessThan(60);
    expect(at(100, 260)[2]).toBeGreaterThan(200);
    expect(at(100, 260)[0]).toBeLessThan(60);
  });

  it('stores a PNG with WebP variants that never enlarge it and a srcset that says so', async () => {
    const input = await solid(1000, 500, '#22aa44').png().toBuffer();
    const body = await uploadOk(input, 'chart.png', 'image/png');
    expect(body.url).toMatch(/\.png$/);
    expect(body.width).toBe(1000);
    expect(body.srcset).toBe(variantSrcset(body.url, 1000));
    for (const width of VARIANT_WIDTHS) {
      const { res, data } = await fetchImage(service.url + variantUrl(body.url, width), 'image/webp');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 1000));
    }
  });

  it('scales the original to at most 2048 px on its longer side', async () => {
    const body = await uploadOk(await noisy(1500, 3000).jpeg().toBuffer(), 'tall.jpg', 'image/jpeg');
    expect([body.width, body.height]).toEqual([1024, 2048]);
    const { data } = await fetchImage(service.url + variantUrl(body.url, 480));
    expect((await sharp(data).metadata()).width).toBe(480);
  });

  it('accepts WebP and GIF uploads in their own format', async () => {
    const webp = await uploadOk(await solid(64, 48).webp().toBuffer(), 'a.webp', 'image/webp');
    expect(webp.url).toMatch(/\.webp$/);
    const gif = await uploadOk(await solid(64, 48, '#ff00ff').gif().toBuffer(), 'a.gif', 'image/gif');
    expect(gif.url).toMatch(/\.gif$/);
    const { res, data } = await fetchImage(service.url + gif.url, 'image/gif');
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect((await sharp(data).metadata()).format).toBe('gif');
  });

  it('keeps the frames of an animated GIF in the original and the variants', async () => {
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(600, 400, c).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100] }).toBuffer();
    const body = await uploadOk(animated, 'moon.gif', 'image/gif');
    expect([body.width, body.height]).toEqual([600, 400]);
    const original = await sharp((await fetchImage(service.url + body.url, 'image/gif')).data).metadata();
    expect(original.pages).toBe(3);
    const variant = await sharp((await fetchImage(service.url + variantUrl(body.url, 480), 'image/webp')).data).metadata();
    expect([variant.format, variant.width, variant.pages]).toEqual(['webp', 480, 3]);
  });

  it('judges by bytes: a PNG named .txt is accepted, a text file named .jpg is refused', async () => {
    const png = await upload(service.url, token, await solid(20, 20).png().toBuffer(), 'notes.txt', 'text/plain');
    expect(png.status).toBe(201);
    expect((await png.json()).url).toMatch(/\.png$/);
    const before = await storage.list();
    const text = await upload(service.url, token, Buffer.from('這不是圖片，只是一段文字。'.repeat(50)), 'photo.jpg', 'image/jpeg');
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ error: API_MESSAGES.onlyImages });
    expect(await storage.list()).toEqual(before);
  });

  it('refuses an SVG, even one declared as an image', async () => {
    const res = await upload(service.url, token, svgWithScript, 'logo.svg', 'image/svg+xml');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: API_MESSAGES.onlyImages });
  });

  it('refuses a truncated JPEG and stores nothing', async () => {
    const whole = await noisy(800, 600).jpeg().toBuffer();
    const before = await storage.list();
    const res = await upload(service.url, token, whole.subarray(0, Math.floor(whole.length * 0.6)), 'cut.jpg', 'image/jpeg');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: MEDIA_MESSAGES.corrupt });
    expect(await storage.list()).toEqual(before);
  });

  it('refuses a 30000×30000 PNG bomb from its header without decoding it', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await storage.list();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(service.url, token, bomb, 'bomb.png', 'image/png');
    const elapsed = performance.now() - started;
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: MEDIA_MESSAGES.tooManyPixels });
    // Decoding would need 900 MB and many seconds; refusing from the header needs neither.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(elapsed).toBeLessThan(5000);
    expect(await storage.list()).toEqual(before);
  });

  it('refuses an image with an extreme side from its header, at once, though its pixel count is under the bound', async () => {
    const before = await storage.list();
    for (const [width, height] of [[1, 99_999_999], [99_999_999, 1], [16_385, 2]] as const) {
      const started = performance.now();
      const res = await upload(service.url, token, pngDeclaring(width, height), 'strip.png', 'image/png');
      expect(res.status, `${width}×${height}`).toBe(400);
      expect(await res.json()).toMatchObject({ error: MEDIA_MESSAGES.tooManyPixels });
      expect(performance.now() - started).toBeLessThan(2000);
    }
    expect(await storage.list()).toEqual(before);
  });

  it('answers 413 to a declared 51 MB body before it has been sent', async () => {
    const before = await storage.list();
    const result = await streamUpload(service.url, token, 51 * 1024 * 1024, true);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: API_MESSAGES.payloadTooLarge });
    expect(result.sentWhenAnswered).toBeLessThan(result.total);
    expect(await storage.list()).toEqual(before);
  });

  it('answers 413 to a 51 MB file sent without a length, stopping at the limit', async () => {
    const result = await streamUpload(service.url, token, 51 * 1024 * 1024, false, 50.5 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.sentWhenAnswered).toBeLessThan(result.total);
  });

  it('refuses an upload without a token, with a foreign token or an expired one', async () => {
    const image = await solid(10, 10).png().toBuffer();
    const none = await upload(service.url, undefined, image, 'a.png', 'image/png');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: API_MESSAGES.notLoggedIn });
    const foreign = await upload(service.url, keys.token({ privateKey: foreignPrivateKey() }), image, 'a.png', 'image/png');
    expect(foreign.status).toBe(401);
    const expired = await upload(service.url, keys.token({ expiresInSeconds: -10 }), image, 'a.png', 'image/png');
    expect(expired.status).toBe(401);
  });

  it('refuses a form without the image field', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await fetch(`${service.url}/api/uploads/image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
  });

  it('stores the same image once however often it is uploaded', async () => {
    const input = await noisy(700, 400).jpeg().toBuffer();
    const first = await uploadOk(input, 'one.jpg', 'image/jpeg');
    const afterFirst = await storage.list();
    const second = await uploadOk(input, 'two.jpg', 'image/jpeg');
    expect(second.url).toBe(first.url);
    expect(await storage.list()).toEqual(afterFirst);
    const stem = first.filename.replace(/\.jpg$/, '');
    expect(afterFirst.filter((key) => key.startsWith(stem))).toEqual([
      `${stem}-w1200.webp`,
      `${stem}-w2048.webp`,
      `${stem}-w480.webp`,
      `${stem}-w960.webp`,
      `${stem}.jpg`,
    ]);
  });
});

describe.each(ADAPTERS.map((make) => [make().name, make] as const))('storage down: %s', (_name, make) => {
  const service = mediaDuringSuite(make(), keys.publicKey, 'down');

  it('tells the admin form that uploads are unavailable', async () => {
    const res = await fetch(`${service.url}/api/uploads/test`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, message: MEDIA_MESSAGES.storageDown });
  });

  it('answers an upload with 503 and a clear error', async () => {
    const res = await upload(service.url, keys.token(), await solid(40, 30).png().toBuffer(), 'a.png', 'image/png');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: MEDIA_MESSAGES.storageDown });
  });

  it('answers image requests with 503, not 404, and reports the storage down while staying ready', async () => {
    const res = await fetch(`${service.url}/uploads/demo-bitcoin.jpg`);
    expect(res.status).toBe(503);
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.storage).toBe('down');
  });
});
