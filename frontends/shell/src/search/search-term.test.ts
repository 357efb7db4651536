import { describe, expect, it } from 'vitest';
import { searchUrlFor } from './search-term';

describe('searchUrlFor', () => {
  it('ignores empty and whitespace-only terms', () => {
    expect(searchUrlFor('')).toBeNull();
    expect(searchUrlFor(' \t\n\u3000 ')).toBeNull();
  });
  it('trims and URL-encodes the term', () => {
    expect(searchUrlFor('  比特幣 ETF ')).toBe('/search?q=%E6%AF%94%E7%89%B9%E5%B9%A3%20ETF');
    expect(searchUrlFor('a&b=c#d')).toBe('/search?q=a%26b%3Dc%23d');
  });
});
