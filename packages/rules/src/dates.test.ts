import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime, formatRfc822Taipei, formatW3cTaipei } from './dates.js';

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

describe('formatRfc822Taipei', () => {
  it('writes RFC 822 in Taipei time, crossing the date line at 16:00 UTC', () => {
    expect(formatRfc822Taipei('2024-03-05T01:00:00.000Z')).toBe('Tue, 05 Mar 2024 09:00:00 +0800');
    expect(formatRfc822Taipei('2024-12-31T16:30:05.000Z')).toBe('Wed, 01 Jan 2025 00:30:05 +0800');
  });
  it('answers empty for a bad date', () => {
    expect(formatRfc822Taipei('nope')).toBe('');
  });
});

describe('formatW3cTaipei', () => {
  it('gives Taipei time with its zone, past midnight into the next day', () => {
    expect(formatW3cTaipei('2024-03-04T17:30:00.000Z')).toBe('2024-03-05T01:30:00+08:00');
    expect(Date.parse(formatW3cTaipei('2024-03-04T17:30:00.000Z'))).toBe(Date.parse('2024-03-04T17:30:00.000Z'));
  });
});
