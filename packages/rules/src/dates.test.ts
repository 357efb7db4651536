import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime } from './dates.js';

describe('dates in Taipei time', () => {
  it('formats a long Traditional Chinese date', () => {
    expect(formatLongDate('2024-03-05T04:00:00Z')).toBe('2024年3月5日');
  });
  it('moves to the next day when Taipei has passed midnight', () => {
    expect(formatLongDate('2024-03-05T17:30:00Z')).toBe('2024年3月6日');
  });
  it('adds the time for the article page', () => {
    expect(formatLongDateTime('2024-03-05T06:07:00Z')).toBe('2024年3月5日 14:07');
  });
  it('is empty for a missing or invalid date', () => {
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate('not a date')).toBe('');
  });
});
