import { describe, expect, it } from 'vitest';
import { isInsecureOnSecurePage, resolveImageUrl } from './image-url';

describe('resolveImageUrl', () => {
  it('keeps absolute URLs and site paths', () => {
    expect(resolveImageUrl('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(resolveImageUrl('/uploads/a.jpg')).toBe('/uploads/a.jpg');
  });
  it('puts a bare file name under /uploads/ and treats blanks as no image', () => {
    expect(resolveImageUrl('a.jpg')).toBe('/uploads/a.jpg');
    expect(resolveImageUrl('  ')).toBeNull();
    expect(resolveImageUrl(null)).toBeNull();
  });
});

describe('isInsecureOnSecurePage', () => {
  it('flags http images on https pages only', () => {
    expect(isInsecureOnSecurePage('http://x/a.jpg', 'https:')).toBe(true);
    expect(isInsecureOnSecurePage('https://x/a.jpg', 'https:')).toBe(false);
    expect(isInsecureOnSecurePage('http://x/a.jpg', 'http:')).toBe(false);
  });
});
