import { describe, expect, it } from 'vitest';
import { viewCountText } from './view-count';

describe('viewCountText', () => {
  it('groups digits as zh-TW does', () => {
    const zhTW = new Intl.NumberFormat('zh-TW');
    for (const count of [0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 10_000_000, 2_147_483_647]) {
      expect(viewCountText(count)).toBe(`${zhTW.format(count)} 次瀏覽`);
    }
  });

  it('shows a whole, non-negative count', () => {
    expect(viewCountText(1234.6)).toBe('1,235 次瀏覽');
    expect(viewCountText(-3)).toBe('0 次瀏覽');
    expect(viewCountText(Number.NaN)).toBe('0 次瀏覽');
  });
});
