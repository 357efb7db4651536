import { describe, expect, it } from 'vitest';
import { tagFromParam, tagKey } from './tag.js';
import { tagPagePath } from './tag-page.js';

describe('tagKey', () => {
  it('brings full-width, half-width and case variants of one tag together', () => {
    expect(tagKey('ＢＴＣ')).toBe('btc');
    expect(tagKey('Btc')).toBe('btc');
    expect(tagKey(' Layer　2 ')).toBe('layer-2');
    expect(tagKey('ＥＴＦ／現貨')).toBe('etf-現貨');
  });

  it('keeps Chinese tags as they are', () => {
    expect(tagKey('比特幣')).toBe('比特幣');
    expect(tagPagePath('比特幣')).toBe('/tag/%E6%AF%94%E7%89%B9%E5%B9%A3');
    expect(tagPagePath('Web3 Gaming')).toBe('/tag/web3-gaming');
  });
});

describe('tagFromParam', () => {
  it('gives the key of any spelling in a path segment', () => {
    expect(tagFromParam('%EF%BC%A2%EF%BC%B4%EF%BC%A3')).toBe('btc');
    expect(tagFromParam('Bitcoin')).toBe('bitcoin');
    expect(tagFromParam('%E6%AF%94%E7%89%B9%E5%B9%A3')).toBe('比特幣');
  });

  it('refuses a segment that cannot name a tag', () => {
    expect(tagFromParam('%E0%A4%A')).toBeNull();
    expect(tagFromParam('a%2Fb')).toBeNull();
    expect(tagFromParam('a%00b')).toBeNull();
    expect(tagFromParam('%20')).toBeNull();
    expect(tagFromParam('x'.repeat(61))).toBeNull();
  });
});
