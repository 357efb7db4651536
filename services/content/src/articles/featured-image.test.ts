import { describe, expect, it } from 'vitest';
import { resolveFeaturedImage } from './featured-image.js';

describe('resolveFeaturedImage', () => {
  it('keeps full URLs and site paths', () => {
    expect(resolveFeaturedImage('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(resolveFeaturedImage('/uploads/a.jpg')).toBe('/uploads/a.jpg');
  });
  it('puts a bare file name under /uploads/', () => {
    expect(resolveFeaturedImage('demo-bitcoin.jpg')).toBe('/uploads/demo-bitcoin.jpg');
    expect(resolveFeaturedImage('uploads/a.jpg')).toBe('/uploads/a.jpg');
  });
  it('gives null for nothing or for unusable values', () => {
    expect(resolveFeaturedImage('')).toBeNull();
    expect(resolveFeaturedImage(null)).toBeNull();
    expect(resolveFeaturedImage('javascript:alert(1)')).toBeNull();
    expect(resolveFeaturedImage('//evil.com/x.jpg')).toBeNull();
    expect(resolveFeaturedImage('../etc/passwd')).toBeNull();
  });
});
