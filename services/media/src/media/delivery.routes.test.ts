import { describe, expect, it } from 'vitest';
import { parseRange } from './delivery.routes.js';

describe('parseRange', () => {
  it('reads a closed, an open-ended and a suffix range', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
  });

  it('clips an end past the object and a suffix longer than it', () => {
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('calls a start past the end, or an empty suffix, unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=200-300', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });

  it('ignores a missing, malformed, reversed or multiple range (the whole object is sent)', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('', 100)).toBeUndefined();
    expect(parseRange('items=0-5', 100)).toBeUndefined();
    expect(parseRange('bytes=9-2', 100)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
  });
});
