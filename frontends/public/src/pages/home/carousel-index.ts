/**
 * Carousel track maths (docs/product.md §4). With more than one item the track is
 * [copy of last, item 0 … item n-1, copy of first], so track positions run 0 … n+1 and the
 * real items sit at 1 … n. A single item (or none) has no copies.
 */
export function trackOf<T>(items: readonly T[]): T[] {
  if (items.length <= 1) return [...items];
  return [items[items.length - 1] as T, ...items, items[0] as T];
}

export function firstPosition(count: number): number {
  return count > 1 ? 1 : 0;
}

/** Which real item (0-based) a track position shows. */
export function realIndex(position: number, count: number): number {
  if (count <= 1) return 0;
  return (((position - 1) % count) + count) % count;
}

/** The track position of real item `index` (a dot press). */
export function positionOf(index: number, count: number): number {
  return count > 1 ? index + 1 : 0;
}

/**
 * Where the track must jump, without animation, after settling on `position`: from the copy
 * of the first item to the real first, from the copy of the last to the real last; null when
 * the position is a real item.
 */
export function loopJumpTarget(position: number, count: number): number | null {
  if (count <= 1) return null;
  if (position >= count + 1) return 1;
  if (position <= 0) return count;
  return null;
}

/** Next and previous never run past the copies at either end. */
export function stepPosition(position: number, delta: 1 | -1, count: number): number {
  if (count <= 1) return 0;
  return Math.min(count + 1, Math.max(0, position + delta));
}
