import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError, MAX_FRAMES, processImage } from '../src/images/image-pipeline.js';
import { MEDIA_MESSAGES } from '../src/media/media-errors.js';
import { diskAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { noisy } from './support/fixtures.js';
import { upload } from './support/service.js';
import { mediaDuringSuite } from './support/suite-media.js';

/** An animated GIF of `frames` frames, each different, generated here. */
async function animatedGif(frames: number, size = 64): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * frames * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7 + Math.floor(i / (size * size * 3)) * 40) & 255;
  return sharp(raw, { raw: { width: size, height: size * frames, channels: 3, pageHeight: size } }).gif().toBuffer();
}

/** The report: a GIF of 390 frames took 57 s with 2 workers. Frames, pixels and time are bounded per upload. */
const keys = createTestKeys();
const adapter = diskAdapter();
const service = mediaDuringSuite(adapter, keys.publicKey);

describe('animated uploads', () => {
  it('refuses a 390-frame GIF at once with a clear 400', { timeout: 60_000 }, async () => {
    const gif = await animatedGif(390);
    expect((await sharp(gif).metadata()).pages).toBe(390);
    const started = performance.now();
    const res = await upload(service.url, keys.token(), gif, 'many.gif', 'image/gif');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: MEDIA_MESSAGES.tooManyFrames, field: 'image' });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses an animation whose frames together pass the pixel budget', async () => {
    const res = await upload(service.url, keys.token(), await animatedGif(40, 900), 'big.gif', 'image/gif');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(MEDIA_MESSAGES.tooManyFrames);
  }, 60_000);

  it('still takes an animation within the limits, frames kept', async () => {
    const res = await upload(service.url, keys.token(), await animatedGif(MAX_FRAMES, 32), 'ok.gif', 'image/gif');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string };
    const stored = Buffer.from(await (await fetch(service.url + body.url, { headers: { accept: 'image/gif' } })).arrayBuffer());
    expect((await sharp(stored).metadata()).pages).toBe(MAX_FRAMES);
  }, 60_000);

  it('stops an image that passes its time limit', async () => {
    const photo = await noisy(3000, 2000).jpeg().toBuffer();
    await expect(processImage(photo, 0)).rejects.toEqual(expect.objectContaining({ reason: 'too-slow' }));
    await expect(processImage(photo, 0)).rejects.toBeInstanceOf(ImageRejectedError);
  });
});
