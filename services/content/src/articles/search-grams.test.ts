import { describe, expect, it } from 'vitest';
import { parseSearchTerm, searchGrams } from './search-grams.js';

describe('search grams', () => {
  it('holds every 1- and 2-character gram of Chinese text', () => {
    expect(searchGrams('比特幣')).toEqual(expect.arrayContaining(['比', '特', '幣', '比特', '特幣']));
  });
  it('lower-cases and normalises full-width letters', () => {
    expect(searchGrams('ＢＴＣ')).toEqual(expect.arrayContaining(['bt', 'tc']));
  });
  it('does not make grams across words', () => {
    expect(searchGrams('a b')).not.toContain('ab');
  });
  it('makes the grams of a 2-character term a subset of the text holding it', () => {
    const term = parseSearchTerm('比特');
    expect(term?.grams.every((gram) => searchGrams('什麼是比特幣？').includes(gram))).toBe(true);
  });
  it('splits a term into words and ignores an empty one', () => {
    expect(parseSearchTerm('  比特幣  ETF ')?.words).toEqual(['比特幣', 'etf']);
    expect(parseSearchTerm('   ')).toBeNull();
  });
});
