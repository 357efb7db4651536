import { describe, expect, it } from 'vitest';
import type { ArticleSummary } from '@coinmag/contracts';
import { moreArticlesFrom, nextVisibleCount } from './more-articles';

const article = (id: number) => ({ id }) as ArticleSummary;

describe('more articles', () => {
  it('leaves out the latest articles already shown', () => {
    const all = [1, 2, 3, 4, 5].map(article);
    expect(moreArticlesFrom(all, [article(2), article(4)]).map((a) => a.id)).toEqual([1, 3, 5]);
  });
  it('reveals ten more per press and stops at the end', () => {
    expect(nextVisibleCount(10, 32)).toBe(20);
    expect(nextVisibleCount(30, 32)).toBe(32);
    expect(nextVisibleCount(32, 32)).toBe(32);
  });
});
