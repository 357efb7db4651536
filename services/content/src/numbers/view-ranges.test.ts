import { describe, expect, it } from 'vitest';
import { bucketNames, periodRange, sinceRange } from './view-ranges.js';

describe('view ranges', () => {
  it('ends 12 months with the Taipei month of now, across a new year in Taipei', () => {
    // 00:30 on 1 January 2027 in Taipei, still 2026 in UTC.
    const range = periodRange('12m', new Date('2026-12-31T16:30:00Z'));
    expect(range.from.toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(range.to.toISOString()).toBe('2027-01-31T16:00:00.000Z');
    const names = bucketNames(range);
    expect(names).toHaveLength(12);
    expect([names[0], names[11]]).toEqual(['2026-02', '2027-01']);
  });

  it('cuts 30 days at Taipei midnight, today included', () => {
    const range = periodRange('30d', new Date('2026-11-26T16:10:00Z'));
    expect(range.from.toISOString()).toBe('2026-10-28T16:00:00.000Z');
    expect(bucketNames(range).at(-1)).toBe('2026-11-27');
  });

  it('chooses hours for a week-old article, days up to 400 days, months beyond', () => {
    const now = new Date('2026-11-27T03:30:00Z');
    expect(sinceRange(new Date('2026-11-20T04:00:00Z'), now).granularity).toBe('hour');
    expect(sinceRange(new Date('2026-11-20T03:00:00Z'), now).granularity).toBe('day');
    const old = sinceRange(new Date('2024-05-10T00:00:00Z'), now);
    expect(old.granularity).toBe('month');
    expect(bucketNames(old)[0]).toBe('2024-05');
    // A publication still to come starts at now.
    expect(bucketNames(sinceRange(new Date('2026-12-01T00:00:00Z'), now))).toEqual(['2026-11-27T03:00:00.000Z']);
  });
});
