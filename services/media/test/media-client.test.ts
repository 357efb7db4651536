import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { HttpError, PayloadTooLargeError, ServiceUnavailableError, UnauthorizedError, ValidationError } from '@coinmag/service-kit';
import { uploadImageToMedia } from '../../content/src/outbound/media-client.js';
import { MEDIA_MESSAGES } from '../src/media/media-errors.js';
import { diskAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { downEndpoint } from './support/s3-server.js';
import { solid } from './support/fixtures.js';
import { startMedia, type RunningMedia } from './support/service.js';

const keys = createTestKeys();

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('uploadImageToMedia (the client the content service uses)', () => {
  const adapter = diskAdapter();
  let service: RunningMedia;
  let downService: RunningMedia;

  beforeAll(async () => {
    await adapter.setUp();
    service = await startMedia(await adapter.fresh(), keys.publicKey);
    downService = await startMedia(await adapter.down(), keys.publicKey);
  });
  afterAll(async () => {
    await service?.close();
    await downService?.close();
    await adapter.tearDown();
  });

  it('uploads a cover with the admin token and returns its URL and srcset', async () => {
    const data = await solid(1200, 630).jpeg().toBuffer();
    const result = await uploadImageToMedia({ mediaUrl: service.url, token: keys.token(), file: { data, filename: 'cover.jpg', mimeType: 'image/jpeg' }, requestId: 'req-123' });
    expect(result.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(result.srcset).toContain('-w480.webp 480w');
    expect((await fetch(service.url + result.url)).status).toBe(200);
  });

  it('maps a refused file to a ValidationError on the cover field with the media text', async () => {
    const err = await rejection(uploadImageToMedia({ mediaUrl: service.url, token: keys.token(), file: { data: Buffer.from('plain text'), filename: 'x.jpg', mimeType: 'image/jpeg' } }));
    expect(err).toBeInstanceOf(ValidationError);
    expect([err.status, err.message, err.field]).toEqual([400, API_MESSAGES.onlyImages, 'featured_image']);
  });

  it('maps a missing token to UnauthorizedError and a body over the limit to PayloadTooLargeError', async () => {
    const png = await solid(10, 10).png().toBuffer();
    expect(await rejection(uploadImageToMedia({ mediaUrl: service.url, token: 'not-a-jwt', file: { data: png, filename: 'a.png', mimeType: 'image/png' } }))).toBeInstanceOf(UnauthorizedError);
    const big = Buffer.alloc(51 * 1024 * 1024, 1);
    const err = await rejection(uploadImageToMedia({ mediaUrl: service.url, token: keys.token(), file: { data: big, filename: 'big.jpg', mimeType: 'image/jpeg' } }));
    expect(err).toBeInstanceOf(PayloadTooLargeError);
    expect(err.message).toBe(API_MESSAGES.payloadTooLarge);
  });

  it('maps storage down to ServiceUnavailableError with the media text, and no answer at all to 503 too', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const down = await rejection(uploadImageToMedia({ mediaUrl: downService.url, token: keys.token(), file: { data: png, filename: 'a.png', mimeType: 'image/png' } }));
    expect(down).toBeInstanceOf(ServiceUnavailableError);
    expect(down.message).toBe(MEDIA_MESSAGES.storageDown);
    const gone = await rejection(uploadImageToMedia({ mediaUrl: await downEndpoint(), token: keys.token(), file: { data: png, filename: 'a.png', mimeType: 'image/png' } }));
    expect(gone).toBeInstanceOf(ServiceUnavailableError);
  });
});
