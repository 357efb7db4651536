import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError, processImage, variantTargets } from './image-pipeline.js';

describe('variant widths', () => {
  it('never enlarges: widths past the original hold the original width', () => {
    expect(variantTargets(1000)).toEqual([
      { width: 480, actual: 480 },
      { width: 960, actual: 960 },
      { width: 1200, actual: 1000 },
      { width: 2048, actual: 1000 },
    ]);
  });
});

describe('image pipeline', () => {
  it('keeps an AVIF upload as a JPEG for old browsers, with WebP variants', async () => {
    const avif = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#8844cc' } }).avif({ effort: 0 }).toBuffer();
    const processed = await processImage(avif);
    expect([processed.original.ext, processed.original.width, processed.original.height]).toEqual(['jpg', 640, 360]);
    expect((await sharp(processed.original.data).metadata()).format).toBe('jpeg');
    expect(await Promise.all(processed.variants.map(async (v) => (await sharp(v.data).metadata()).width))).toEqual([480, 640, 640, 640]);
  });

  it('keeps transparency: a transparent AVIF becomes a PNG', async () => {
    const avif = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).avif({ effort: 0 }).toBuffer();
    const processed = await processImage(avif);
    expect(processed.original.ext).toBe('png');
    expect((await sharp(processed.original.data).metadata()).hasAlpha).toBe(true);
  });

  it('names the same image by the same hash and a different one by another', async () => {
    const image = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#123456' } }).png().toBuffer();
    const other = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#123457' } }).png().toBuffer();
    const [a, b, c] = await Promise.all([processImage(image), processImage(image), processImage(other)]);
    expect(a.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(b.hash).toBe(a.hash);
    expect(c.hash).not.toBe(a.hash);
  });

  it('refuses formats sharp reads but we do not accept (TIFF)', async () => {
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).tiff().toBuffer();
    await expect(processImage(tiff)).rejects.toMatchObject({ reason: 'not-image' });
    await expect(processImage(tiff)).rejects.toBeInstanceOf(ImageRejectedError);
  });
});
