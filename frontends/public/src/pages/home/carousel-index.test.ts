import { describe, expect, it } from 'vitest';
import { firstPosition, loopJumpTarget, positionOf, realIndex, stepPosition, trackOf } from './carousel-index';

describe('carousel track', () => {
  it('adds a copy of the last item before the first and of the first after the last', () => {
    expect(trackOf(['a', 'b', 'c'])).toEqual(['c', 'a', 'b', 'c', 'a']);
    expect(trackOf(['a'])).toEqual(['a']);
    expect(trackOf([])).toEqual([]);
  });
  it('starts on the real first item', () => {
    expect(firstPosition(3)).toBe(1);
    expect(firstPosition(1)).toBe(0);
  });
  it('maps track positions, copies included, to real items', () => {
    expect([0, 1, 2, 3, 4].map((p) => realIndex(p, 3))).toEqual([2, 0, 1, 2, 0]);
    expect(realIndex(0, 1)).toBe(0);
  });
  it('maps dots to track positions', () => {
    expect(positionOf(0, 3)).toBe(1);
    expect(positionOf(2, 3)).toBe(3);
  });
  it('jumps from the copies back to the real ends', () => {
    expect(loopJumpTarget(4, 3)).toBe(1);
    expect(loopJumpTarget(0, 3)).toBe(3);
    expect(loopJumpTarget(2, 3)).toBeNull();
    expect(loopJumpTarget(0, 1)).toBeNull();
  });
  it('steps one slide at a time within the track', () => {
    expect(stepPosition(3, 1, 3)).toBe(4);
    expect(stepPosition(4, 1, 3)).toBe(4);
    expect(stepPosition(1, -1, 3)).toBe(0);
    expect(stepPosition(0, -1, 3)).toBe(0);
  });
});
