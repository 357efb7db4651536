import { describe, expect, it } from 'vitest';
import { bucketIndexOf, bucketLabel, bucketTick, formatShare } from './view-labels';

describe('view chart labels', () => {
  it('names an hour in Taipei time, across the Taipei midnight', () => {
    expect(bucketLabel('hour', '2026-11-26T15:00:00.000Z')).toBe('2026年11月26日（四） 23:00');
    expect(bucketLabel('hour', '2026-11-26T16:00:00.000Z')).toBe('2026年11月27日（五） 00:00');
    expect(bucketTick('hour', '2026-11-26T15:00:00.000Z')).toBe('23:00');
    expect(bucketTick('hour', '2026-11-26T16:00:00.000Z')).toBe('11/27');
  });

  it('names days and months as the API names them (Taipei dates)', () => {
    expect(bucketLabel('day', '2026-11-01')).toBe('2026年11月1日（日）');
    expect(bucketTick('day', '2026-11-01')).toBe('11/1');
    expect(bucketLabel('month', '2026-01')).toBe('2026年1月');
    expect(bucketTick('month', '2026-01')).toBe('2026/01');
  });

  it('finds the bucket a publication falls in', () => {
    expect(bucketIndexOf('hour', ['2026-11-26T10:00:00.000Z', '2026-11-26T11:00:00.000Z'], '2026-11-26T11:20:00Z')).toBe(1);
    // 23:50 UTC on the 9th is the 10th in Taipei.
    expect(bucketIndexOf('day', ['2026-03-09', '2026-03-10'], '2026-03-09T23:50:00Z')).toBe(1);
    expect(bucketIndexOf('month', ['2026-02', '2026-03'], '2026-02-28T16:00:00Z')).toBe(1);
  });

  it('writes shares with one decimal', () => {
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(0, 0)).toBe('0.0%');
  });
});
