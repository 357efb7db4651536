import { describe, expect, it } from 'vitest';
import { normalizeSlug } from '@coinmag/rules';
import { normalizeSlugWhileTyping } from './slug-input';

describe('slug field', () => {
  it('normalises with the shared rule', () => {
    expect(normalizeSlugWhileTyping('  Bitcoin 價格!!分析 ')).toBe('bitcoin-價格-分析-');
    expect(normalizeSlug('  Bitcoin 價格!!分析 ')).toBe('bitcoin-價格-分析');
  });
  it('keeps one trailing hyphen while typing so words can follow', () => {
    const typed = normalizeSlugWhileTyping('bitcoin ');
    expect(typed).toBe('bitcoin-');
    expect(normalizeSlugWhileTyping(`${typed}news`)).toBe('bitcoin-news');
  });
  it('is empty when nothing slug-like was typed', () => {
    expect(normalizeSlugWhileTyping(' -- ')).toBe('');
  });
});
