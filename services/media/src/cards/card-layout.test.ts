import { describe, expect, it } from 'vitest';
import { wrapTitle } from './card-layout.js';

// Every character 1 unit wide: the width is a count of characters.
const measure = (text: string) => [...text].length;

describe('wrapTitle', () => {
  it('keeps a short title on one line', () => {
    expect(wrapTitle('比特幣突破新高', 10, 3, measure)).toEqual(['比特幣突破新高']);
  });

  it('wraps between CJK characters and keeps Latin words whole', () => {
    expect(wrapTitle('比特幣現貨ETF資金持續流入', 8, 3, measure)).toEqual(['比特幣現貨ETF', '資金持續流入']);
    expect(wrapTitle('Bitcoin ETF inflows continue', 12, 3, measure)).toEqual(['Bitcoin ETF', 'inflows', 'continue']);
  });

  it('never starts a line with closing punctuation', () => {
    expect(wrapTitle('比特幣突破新高：機構資金', 7, 3, measure)).toEqual(['比特幣突破新高：', '機構資金']);
  });

  it('cuts a word longer than a line', () => {
    expect(wrapTitle('abcdefghijkl', 5, 3, measure)).toEqual(['abcde', 'fghij', 'kl']);
  });

  it('ends the last line with an ellipsis when the title does not fit, within the width', () => {
    const lines = wrapTitle('一二三四五六七八九十'.repeat(20), 10, 3, measure);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(10);
  });
});
