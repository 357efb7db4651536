import { describe, expect, it } from 'vitest';
import { originalImageUrl } from './original-image-url.js';

describe('originalImageUrl', () => {
  it('finds the original of a resized copy, a scaled copy and a Photon CDN copy', () => {
    expect(originalImageUrl('https://blog.example/wp-content/uploads/2024/05/chart-300x200.png')).toBe('https://blog.example/wp-content/uploads/2024/05/chart.png');
    expect(originalImageUrl('https://blog.example/wp-content/uploads/2024/05/big-scaled.jpg')).toBe('https://blog.example/wp-content/uploads/2024/05/big.jpg');
    expect(originalImageUrl('https://i0.wp.com/blog.example/wp-content/uploads/2024/05/a-1024x683.jpg?resize=1024%2C683&amp;ssl=1')).toBe('https://blog.example/wp-content/uploads/2024/05/a.jpg');
  });

  it('leaves an original alone and refuses what is not http(s)', () => {
    expect(originalImageUrl('https://blog.example/wp-content/uploads/2x2-grid.png')).toBe('https://blog.example/wp-content/uploads/2x2-grid.png');
    expect(originalImageUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(originalImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(originalImageUrl('/relative.png')).toBeUndefined();
  });
});
