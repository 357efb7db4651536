import { describe, expect, it } from 'vitest';
import { pageCount, pagerWindow } from './pager.js';

describe('pagerWindow', () => {
  it('centres five pages on the current one', () => {
    expect(pagerWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });
  it('stays inside the first and last pages', () => {
    expect(pagerWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('shows every page when there are fewer than five', () => {
    expect(pagerWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(1, 0)).toEqual([]);
  });
  it('counts pages by rounding up', () => {
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(0, 20)).toBe(0);
  });
});
