import { describe, expect, it } from 'vitest';
import type { PublicFlash } from '@coinmag/contracts';
import { flashLiveChanges, type ShownFlash } from './flash-live-changes';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 1, minute)).toISOString();
const item = (id: number, minute: number, version = at(minute)): PublicFlash => ({
  id, text: `第 ${id} 則`, source_url: null, tags: [], important: false, pinned: false, article: null, published_at: at(minute), updated_at: version,
});
const shownOf = (items: PublicFlash[]) => new Map<number, ShownFlash>(items.map((entry) => [entry.id, { version: entry.updated_at, publishedAt: entry.published_at }]));

describe('what a live answer changes on an open page', () => {
  it('holds a new item, replaces an edited one, drops a deleted one', () => {
    const shown = shownOf([item(3, 30), item(2, 20), item(1, 10)]);
    const changes = flashLiveChanges(shown, [item(4, 40), item(3, 30, at(35)), item(1, 10)]);
    expect(changes.added.map((entry) => entry.id)).toEqual([4]);
    expect(changes.edited.map((entry) => entry.id)).toEqual([3]);
    expect(changes.removed).toEqual([2]);
  });

  it('changes nothing when the same answer comes again, from whichever gateway', () => {
    const answer = [item(3, 30), item(2, 20), item(1, 10)];
    expect(flashLiveChanges(shownOf(answer), answer)).toEqual({ added: [], edited: [], removed: [] });
  });

  it('takes no item older than what the page shows as new, and removes nothing older than the answer covers', () => {
    const page = Array.from({ length: 20 }, (_, i) => item(100 - i, 59 - i));
    const shown = shownOf([...page, item(1, 1)]);
    // The answer's 20 newest reach back to minute 40; item 1 (minute 1) is outside it, so kept.
    const answer = [...page, item(50, 0)];
    expect(flashLiveChanges(shown, answer)).toEqual({ added: [], edited: [], removed: [] });
  });
});
