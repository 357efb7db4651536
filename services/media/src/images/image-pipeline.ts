import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ASPECT_CROPS, ASPECT_NAMES, VARIANT_WIDTHS, type AspectCrop, type VariantWidth } from '@coinmag/contracts';

/** The longer side of every stored image is at most this (docs/product.md §9). */
export const MAX_LONG_SIDE = 2048;
/** Decompression-bomb guard: 100 megapixels is past any phone camera, far below a 30000×30000 bomb. */
export const MAX_INPUT_PIXELS = 100_000_000;
/**
 * Either side of an upload: a 1 × 99,999,999 strip is under the pixel bound but kept the pipeline
 * busy 21 s. WebP itself stops at 16,383; the stored image's long side is 2048.
 */
export const MAX_INPUT_SIDE = 16_384;
/** Frames of an animated GIF or WebP: every output decodes each frame again (390 frames took 57 s). */
export const MAX_FRAMES = 100;
/** All frames' pixels together, for an animation (100 frames of 500×500). */
export const MAX_ANIMATED_PIXELS = 25_000_000;
/** Wall-clock limit for all the work on one image (sharp's own timeout, per output, from what is left). */
export const IMAGE_TIME_LIMIT_MS = 20_000;

export type StoredExt = 'jpg' | 'png' | 'gif' | 'webp';
export type RejectReason = 'not-image' | 'too-many-pixels' | 'too-many-frames' | 'too-slow' | 'corrupt';

/** The bytes are not an image we accept; the route answers 400 and nothing is stored. */
export class ImageRejectedError extends Error {
  constructor(readonly reason: RejectReason, cause?: unknown) {
    super(`image rejected: ${reason}`, { cause });
    this.name = 'ImageRejectedError';
  }
}

export interface ProcessedImage {
  original: { data: Buffer; ext: StoredExt; width: number; height: number };
  /** WebP variants, one per VARIANT_WIDTHS entry, none wider than the original. */
  variants: Array<{ width: VariantWidth; data: Buffer }>;
  /** First 32 hex digits of the SHA-256 of the stored original: the same image gets the same name. */
  hash: string;
}

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Which variant widths to make and how wide each really is: never wider than the original. */
export function variantTargets(originalWidth: number): Array<{ width: VariantWidth; actual: number }> {
  return VARIANT_WIDTHS.map((width) => ({ width, actual: Math.min(width, originalWidth) }));
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

interface Inspected {
  format: string;
  animated: boolean;
  hasAlpha: boolean;
}

/** Judges the upload by its bytes only: sharp reads the header, the name and declared type play no part. */
async function inspect(input: Buffer): Promise<Inspected> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ImageRejectedError('not-image', err);
  }
  const format = meta.format ?? '';
  // SVG can carry script; HEIC (HEVC) is not decodable here; AVIF is HEIF with AV1.
  if (!ACCEPTED.has(format) || (format === 'heif' && meta.compression !== 'av1')) throw new ImageRejectedError('not-image');
  const pages = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (!meta.width || !frameHeight) throw new ImageRejectedError('corrupt');
  if (meta.width > MAX_INPUT_SIDE || frameHeight > MAX_INPUT_SIDE || meta.width * frameHeight * pages > MAX_INPUT_PIXELS) throw new ImageRejectedError('too-many-pixels');
  const animated = pages > 1 && (format === 'gif' || format === 'webp');
  if (animated && (pages > MAX_FRAMES || meta.width * frameHeight * pages > MAX_ANIMATED_PIXELS)) throw new ImageRejectedError('too-many-frames');
  return { format, animated, hasAlpha: meta.hasAlpha ?? false };
}

function storedExt({ format, hasAlpha }: Inspected): StoredExt {
  if (format === 'jpeg') return 'jpg';
  if (format === 'png' || format === 'gif' || format === 'webp') return format;
  // AVIF: old browsers cannot read it, so its plain-URL form is a JPEG (PNG when transparent).
  return hasAlpha ? 'png' : 'jpg';
}

function encode(image: sharp.Sharp, ext: StoredExt): sharp.Sharp {
  switch (ext) {
    case 'jpg':
      return image.jpeg({ quality: 85, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 8 });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: 82 });
  }
}

export type ImageCrops = Array<{ aspect: AspectCrop; data: Buffer }>;

/** Each ASPECT_CROPS crop of an image, cut around what draws the eye (sharp's attention strategy), one after another. */
async function cropsOf(source: () => sharp.Sharp): Promise<ImageCrops> {
  const crops: ImageCrops = [];
  for (const aspect of ASPECT_NAMES) {
    const { width, height } = ASPECT_CROPS[aspect];
    crops.push({ aspect, data: await source().resize({ width, height, fit: 'cover', position: sharp.strategy.attention }).webp({ quality: 80 }).toBuffer() });
  }
  return crops;
}

/**
 * The structured-data crops of a stored original (first frame of an animation), within the time
 * limit. Made on their first request, not with the upload: an upload under load already nears its
 * limit, and only articles' covers are ever asked for them.
 */
export async function cropsOfStored(original: Buffer, timeLimitMs = IMAGE_TIME_LIMIT_MS): Promise<ImageCrops> {
  const seconds = Math.max(1, Math.floor(timeLimitMs / 1000));
  return cropsOf(() => sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().timeout({ seconds }));
}

/**
 * Auto-orients, strips all metadata (sharp writes none unless asked: EXIF and GPS are gone),
 * scales to at most 2048 px on the longer side, and makes the WebP variants. Outputs are
 * encoded one after another so one job holds one libuv thread at a time.
 */
export async function processImage(input: Buffer, timeLimitMs = IMAGE_TIME_LIMIT_MS): Promise<ProcessedImage> {
  const inspected = await inspect(input);
  const ext = storedExt(inspected);
  const deadline = Date.now() + timeLimitMs;
  // sharp counts whole seconds per pipeline: each gets what is left of the image's limit.
  const timed = (image: sharp.Sharp) => {
    const left = deadline - Date.now();
    if (left <= 0) throw new ImageRejectedError('too-slow');
    return image.timeout({ seconds: Math.max(1, Math.floor(left / 1000)) });
  };
  const decode = () => timed(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: inspected.animated }).rotate());
  try {
    // Decode and scale once; every output is encoded from the same pixels (animations keep their frames).
    let source: () => sharp.Sharp;
    if (inspected.animated) {
      source = decode;
    } else {
      const { data, info } = await decode()
        .resize({ width: MAX_LONG_SIDE, height: MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      source = () => timed(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }));
    }
    const bounded = () => source().resize({ width: MAX_LONG_SIDE, height: MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true });
    const original = await encode(bounded(), ext).toBuffer({ resolveWithObject: true });
    const width = original.info.width;
    const height = inspected.animated ? (original.info.pageHeight ?? original.info.height) : original.info.height;
    const variants: ProcessedImage['variants'] = [];
    for (const target of variantTargets(width)) {
      const data = await source().resize({ width: target.actual, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      variants.push({ width: target.width, data });
    }
    return {
      original: { data: original.data, ext, width, height },
      variants,
      hash: createHash('sha256').update(original.data).digest('hex').slice(0, 32),
    };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw new ImageRejectedError('too-many-pixels', err);
    if (/^timeout/i.test(message) || Date.now() > deadline) throw new ImageRejectedError('too-slow', err);
    // Truncated or damaged pixel data, caught while decoding.
    throw new ImageRejectedError('corrupt', err);
  }
}
