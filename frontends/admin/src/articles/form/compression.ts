/** Browser-side image rules of docs/product.md §9; pure parts here, the canvas work in compress-image.ts. */
export const MB = 1024 * 1024;
export const COMPRESS_ABOVE_BYTES = 8 * MB;
export const INSERT_COMPRESS_ABOVE_BYTES = 40 * MB;
export const HARD_MAX_BYTES = 50 * MB;
export const MAX_DIMENSION = 2048;
export const QUALITY_STEPS = [0.9, 0.8, 0.7, 0.6, 0.5] as const;

export type ImagePath = 'cover' | 'insert';

/** Above 8 MB is compressed; the inserted-image path names a 40 MB trigger too, which the 8 MB one already covers. */
export function needsCompression(sizeBytes: number, path: ImagePath): boolean {
  if (path === 'insert' && sizeBytes > INSERT_COMPRESS_ABOVE_BYTES) return true;
  return sizeBytes > COMPRESS_ABOVE_BYTES;
}

/** Scaled so the longer side is at most 2048 px; never enlarged. */
export function scaledSize(width: number, height: number, maxDimension = MAX_DIMENSION): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxDimension || longer <= 0) return { width, height };
  const ratio = maxDimension / longer;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/**
 * Tries the quality steps in order and stops at the first result under 8 MB; when none is,
 * the last (smallest-quality) result is returned and the caller applies the 50 MB limit.
 */
export async function encodeWithQualitySteps<T extends { size: number }>(encode: (quality: number) => Promise<T>): Promise<{ result: T; quality: number }> {
  let last: { result: T; quality: number } | undefined;
  for (const quality of QUALITY_STEPS) {
    const result = await encode(quality);
    last = { result, quality };
    if (result.size < COMPRESS_ABOVE_BYTES) return last;
  }
  return last!;
}

export function formatMegabytes(sizeBytes: number): string {
  return (sizeBytes / MB).toFixed(1).replace(/\.0$/, '');
}

/** Null when the file may be sent; otherwise the message naming its size and the 50 MB limit. */
export function tooLargeMessage(sizeBytes: number): string | null {
  return sizeBytes > HARD_MAX_BYTES ? `壓縮後仍有 ${formatMegabytes(sizeBytes)}MB，超過 50MB 上限` : null;
}

/** WebP keeps transparency for PNG, GIF and WebP sources; photos stay JPEG. */
export function outputTypeFor(mimeType: string): 'image/jpeg' | 'image/webp' {
  return /^image\/(png|gif|webp)$/i.test(mimeType) ? 'image/webp' : 'image/jpeg';
}

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}
