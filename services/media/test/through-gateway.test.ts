import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, variantUrl, type UploadResponse } from '@coinmag/contracts';
import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../../../gateway/src/app.js';
import { diskAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { solid } from './support/fixtures.js';
import { rawGet, streamUpload } from './support/http.js';
import { startMedia, upload, type RunningMedia } from './support/service.js';

const keys = createTestKeys();

describe('uploads and images through the gateway proxy', () => {
  const adapter = diskAdapter();
  let media: RunningMedia;
  let gateway: RunningServer;
  let base = '';

  beforeAll(async () => {
    await adapter.setUp();
    media = await startMedia(await adapter.fresh(), keys.publicKey);
    const app = createGatewayApp({
      config: { CONTENT_URL: 'http://127.0.0.1:9', AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: media.url, UPSTREAM_TIMEOUT_MS: 10_000, UPLOAD_TIMEOUT_MS: 60_000 },
      log: createLogger('gateway-test', 'silent'),
    });
    gateway = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    gateway?.server.closeAllConnections();
    await gateway?.close();
    await media?.close();
    await adapter.tearDown();
  });

  it('returns a URL whose WebP variants load, with ranges and the WebP choice passed through', async () => {
    const res = await upload(base, keys.token(), await solid(1280, 720, '#f7931a').jpeg().toBuffer(), 'cover.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadResponse;
    for (const width of [480, 960, 1200] as const) {
      const variant = await fetch(base + variantUrl(body.url, width));
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      expect(variant.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(Math.min(width, 1280));
    }
    const webp = await fetch(base + body.url, { headers: { accept: 'image/webp,*/*' } });
    expect([webp.headers.get('content-type'), webp.headers.get('vary')]).toEqual(['image/webp', 'Accept']);
    const ranged = await fetch(base + body.url, { headers: { accept: 'image/jpeg', range: 'bytes=0-1' } });
    expect(ranged.status).toBe(206);
    expect([...new Uint8Array(await ranged.arrayBuffer())]).toEqual([0xff, 0xd8]);
  });

  it('passes the early 413 for a declared 51 MB body back to the client intact', async () => {
    const result = await streamUpload(base, keys.token(), 51 * 1024 * 1024, true);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: API_MESSAGES.payloadTooLarge });
  });

  it('answers traversal attempts with 404', async () => {
    for (const path of ['/uploads/..%2f..%2fetc%2fpasswd', '/uploads/%2e%2e%2fpackage.json', '/uploads/..%5c..%5cpackage.json']) {
      expect((await rawGet(base, path)).status, path).toBe(404);
    }
  });
});
