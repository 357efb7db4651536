import { describe, expect, it } from 'vitest';
import { READING_RATE, readingMinutes, readingTimeLabel } from './reading-time.js';

describe('readingMinutes', () => {
  it('counts Chinese by the character and Latin text by the word', () => {
    expect(readingMinutes('比'.repeat(READING_RATE.cjkCharactersPerMinute))).toBe(1);
    expect(readingMinutes('比'.repeat(READING_RATE.cjkCharactersPerMinute + 1))).toBe(2);
    expect(readingMinutes(Array(READING_RATE.wordsPerMinute * 3).fill('wallet').join(' '))).toBe(3);
  });

  it('adds both in mixed text, punctuation and spaces counting for nothing', () => {
    const chinese = '錢'.repeat(600);
    const latin = Array(300).fill('Gas fee').join('，');
    // 600 characters = 1.5 min, 600 words = 3 min.
    expect(readingMinutes(`${chinese}。${latin}！`)).toBe(5);
  });

  it('is at least one minute for any text, none for none', () => {
    expect(readingMinutes('HODL')).toBe(1);
    expect(readingMinutes('  ，。 ')).toBe(0);
  });
});

describe('readingTimeLabel', () => {
  it('says minutes, and hours past the hour', () => {
    expect(readingTimeLabel(7)).toBe('約 7 分鐘');
    expect(readingTimeLabel(60)).toBe('約 1 小時');
    expect(readingTimeLabel(95)).toBe('約 1 小時 35 分鐘');
  });
});
