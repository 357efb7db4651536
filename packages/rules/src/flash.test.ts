import { describe, expect, it } from 'vitest';
import { flashDayLabel, flashHeadline, flashTextParts, flashTimeLabel, groupFlashByDay } from './flash.js';

describe('flash rules', () => {
  const now = new Date('2026-11-27T02:00:00Z'); // 10:00 in Taipei

  it('labels the last hour in minutes, then the Taipei time', () => {
    expect(flashTimeLabel('2026-11-27T01:59:40Z', now)).toBe('剛剛');
    expect(flashTimeLabel('2026-11-27T01:57:00Z', now)).toBe('3 分鐘前');
    expect(flashTimeLabel('2026-11-27T01:00:01Z', now)).toBe('59 分鐘前');
    expect(flashTimeLabel('2026-11-27T00:59:00Z', now)).toBe('08:59');
    expect(flashTimeLabel('2026-11-26T16:05:00Z', now)).toBe('00:05');
  });

  it('groups by Taipei day, not UTC day', () => {
    const items = [{ published_at: '2026-11-26T16:30:00Z' }, { published_at: '2026-11-26T15:30:00Z' }, { published_at: '2026-11-25T01:00:00Z' }];
    expect(groupFlashByDay(items).map((group) => [group.day, group.items.length])).toEqual([['2026-11-27', 1], ['2026-11-26', 1], ['2026-11-25', 1]]);
    expect(flashDayLabel('2026-11-26T16:30:00Z', now)).toBe('今天');
    expect(flashDayLabel('2026-11-26T15:30:00Z', now)).toBe('昨天');
    expect(flashDayLabel('2026-11-25T01:00:00Z', now)).toBe('2026年11月25日');
  });

  it('cuts a headline from the first line', () => {
    expect(flashHeadline('第一行\n第二行')).toBe('第一行');
    expect(flashHeadline('長'.repeat(70), 60)).toBe(`${'長'.repeat(60)}…`);
  });

  it('finds http(s) links in the text and nothing else', () => {
    expect(flashTextParts('詳見 https://example.com/a?b=1，另見 javascript:alert(1)')).toEqual([
      { text: '詳見 ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '，另見 javascript:alert(1)' },
    ]);
  });
});
