import type { PublicFlash } from '@coinmag/contracts';
import { FLASH_LIMITS } from '@coinmag/contracts/flash-constants';

/** An item a page shows: its version (updated_at) and its time. */
export interface ShownFlash {
  version: string;
  publishedAt: string;
}

export interface FlashLiveChanges {
  /** Items the page does not show and that are newer than the oldest it shows: held behind the bar. */
  added: PublicFlash[];
  /** Items shown at another version: replaced where they stand. */
  edited: PublicFlash[];
  /** Ids shown but gone from the answer while inside the window it covers: deleted (or moved to a time to come). */
  removed: number[];
}

/**
 * What one live answer changes on a page that shows `shown` (docs/adr/0016). The answer is a whole
 * state, compared by id and version, so it does not matter which gateway or replica gave it or how
 * many answers were missed: an id the page shows is never new again, and a poll answered by a
 * gateway that restarted changes nothing the previous one would not have.
 */
export function flashLiveChanges(shown: ReadonlyMap<number, ShownFlash>, items: readonly PublicFlash[]): FlashLiveChanges {
  const live = new Set(items.map((item) => item.id));
  // The answer holds the newest FLASH_LIMITS.live items, then pinned ones older than those.
  const newest = items.slice(0, FLASH_LIMITS.live);
  const oldest = newest.length < FLASH_LIMITS.live ? '' : newest.reduce((min, item) => (item.published_at < min ? item.published_at : min), newest[0]!.published_at);
  // What the page shows reaches back to its oldest item: anything older it does not show is not new.
  let floor = '';
  for (const { publishedAt } of shown.values()) if (floor === '' || publishedAt < floor) floor = publishedAt;
  const changes: FlashLiveChanges = { added: [], edited: [], removed: [] };
  for (const item of items) {
    const seen = shown.get(item.id);
    if (!seen) {
      if (!(item.published_at < floor)) changes.added.push(item);
    } else if (seen.version !== item.updated_at) changes.edited.push(item);
  }
  for (const [id, seen] of shown) if (!live.has(id) && !(seen.publishedAt < oldest)) changes.removed.push(id);
  return changes;
}
