import { describe, expect, it } from 'vitest';
import { MB, encodeWithQualitySteps, needsCompression, outputTypeFor, scaledSize, tooLargeMessage } from './compression';

describe('compression trigger', () => {
  it('compresses above 8 MB, not at 8 MB', () => {
    expect(needsCompression(8 * MB, 'cover')).toBe(false);
    expect(needsCompression(8 * MB + 1, 'cover')).toBe(true);
    expect(needsCompression(3 * MB, 'insert')).toBe(false);
  });
  it('compresses inserted images above 40 MB', () => {
    expect(needsCompression(41 * MB, 'insert')).toBe(true);
  });
});

describe('scaled size', () => {
  it('brings the longer side down to 2048 keeping the ratio', () => {
    expect(scaledSize(4096, 2048)).toEqual({ width: 2048, height: 1024 });
    expect(scaledSize(3000, 6000)).toEqual({ width: 1024, height: 2048 });
  });
  it('never enlarges', () => {
    expect(scaledSize(1200, 630)).toEqual({ width: 1200, height: 630 });
  });
});

describe('quality steps', () => {
  it('stops at the first quality under 8 MB', async () => {
    const tried: number[] = [];
    const sizes: Record<number, number> = { 0.9: 12 * MB, 0.8: 9 * MB, 0.7: 7 * MB, 0.6: 5 * MB, 0.5: 4 * MB };
    const { quality, result } = await encodeWithQualitySteps(async (q) => {
      tried.push(q);
      return { size: sizes[q]! };
    });
    expect(tried).toEqual([0.9, 0.8, 0.7]);
    expect(quality).toBe(0.7);
    expect(result.size).toBe(7 * MB);
  });
  it('ends at 0.5 with the last result when nothing gets under 8 MB', async () => {
    const tried: number[] = [];
    const { quality } = await encodeWithQualitySteps(async (q) => {
      tried.push(q);
      return { size: 20 * MB };
    });
    expect(tried).toEqual([0.9, 0.8, 0.7, 0.6, 0.5]);
    expect(quality).toBe(0.5);
  });
});

describe('hard limit', () => {
  it('refuses above 50 MB naming the size', () => {
    expect(tooLargeMessage(50 * MB)).toBeNull();
    expect(tooLargeMessage(61.25 * MB)).toBe('壓縮後仍有 61.3MB，超過 50MB 上限');
    expect(tooLargeMessage(52 * MB)).toBe('壓縮後仍有 52MB，超過 50MB 上限');
  });
  it('keeps transparency-capable sources in WebP', () => {
    expect(outputTypeFor('image/png')).toBe('image/webp');
    expect(outputTypeFor('image/jpeg')).toBe('image/jpeg');
  });
});
