import { describe, expect, it } from 'vitest';
import { aspectUrls, isMediaUrl, variantSrcset, variantUrl } from './media-urls.js';

describe('media URL naming rule', () => {
  it('names the WebP variant of an upload beside its original', () => {
    expect(variantUrl('/uploads/0123456789abcdef0123456789abcdef.jpg', 480)).toBe('/uploads/0123456789abcdef0123456789abcdef-w480.webp');
  });

  it('names the 16:9, 4:3 and 1:1 crops of an upload, of none for an external image', () => {
    expect(aspectUrls('https://coinmag.example/uploads/demo-bitcoin.jpg')).toEqual([
      'https://coinmag.example/uploads/demo-bitcoin-a16x9.webp',
      'https://coinmag.example/uploads/demo-bitcoin-a4x3.webp',
      'https://coinmag.example/uploads/demo-bitcoin-a1x1.webp',
    ]);
    expect(aspectUrls('/uploads/abc-a4x3.webp')?.[0]).toBe('/uploads/abc-a16x9.webp');
    expect(aspectUrls('https://cdn.example.com/a.jpg')).toBeNull();
  });

  it('keeps the origin and query of an absolute URL', () => {
    expect(variantUrl('https://example.com/uploads/demo-bitcoin.jpg?v=2', 960)).toBe('https://example.com/uploads/demo-bitcoin-w960.webp?v=2');
  });

  it('maps a variant URL to another width instead of stacking suffixes', () => {
    expect(variantUrl('/uploads/abc-w480.webp', 1200)).toBe('/uploads/abc-w1200.webp');
  });

  it('leaves external and malformed URLs alone', () => {
    expect(variantUrl('https://cdn.example.com/a.jpg', 480)).toBe('https://cdn.example.com/a.jpg');
    expect(variantUrl('/uploads/../secret.jpg', 480)).toBe('/uploads/../secret.jpg');
    expect(isMediaUrl('/uploads/a/b.jpg')).toBe(false);
    expect(isMediaUrl('/uploads/demo-bitcoin.jpg')).toBe(true);
    expect(variantSrcset('https://cdn.example.com/a.jpg')).toBe('');
  });

  it('lists every variant under its nominal width when the real width is unknown', () => {
    expect(variantSrcset('/uploads/abc.png')).toBe(
      '/uploads/abc-w480.webp 480w, /uploads/abc-w960.webp 960w, /uploads/abc-w1200.webp 1200w, /uploads/abc-w2048.webp 2048w',
    );
  });

  it('stops at the real width with a truthful descriptor so nothing is enlarged', () => {
    expect(variantSrcset('/uploads/abc.jpg', 1000)).toBe('/uploads/abc-w480.webp 480w, /uploads/abc-w960.webp 960w, /uploads/abc-w1200.webp 1000w');
    expect(variantSrcset('/uploads/abc.jpg', 960)).toBe('/uploads/abc-w480.webp 480w, /uploads/abc-w960.webp 960w');
    expect(variantSrcset('/uploads/abc.jpg', 300)).toBe('/uploads/abc-w480.webp 300w');
  });
});
