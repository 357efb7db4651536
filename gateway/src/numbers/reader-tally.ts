import { READER_NUMBERS_TALLY_MAX, type ReaderNumbersBatch } from '@coinmag/contracts';
import type { ReaderEvent } from './reader-events.js';

/**
 * The counts of one flush interval in the gateway's process: by term, and by path and referring
 * host. Bounded: past READER_NUMBERS_TALLY_MAX distinct keys a new key is dropped (and counted as
 * dropped), an existing one still counts.
 */
export class ReaderTally {
  private searches = new Map<string, number>();
  private missing = new Map<string, number>();
  private redirected = new Map<string, number>();
  /** Events dropped because the tally was full, since the last take. */
  dropped = 0;

  add(event: ReaderEvent): void {
    if ('search' in event) this.bump(this.searches, event.search);
    else if ('redirected' in event) this.bump(this.redirected, event.redirected);
    else this.bump(this.missing, `${event.missing.path}\n${event.missing.host}`);
  }

  get empty(): boolean {
    return this.searches.size === 0 && this.missing.size === 0 && this.redirected.size === 0;
  }

  /** Everything counted so far as one hand-over, and a fresh tally. */
  take(): ReaderNumbersBatch {
    const batch: ReaderNumbersBatch = {
      searches: [...this.searches].map(([term, count]) => ({ term, count })),
      missing: [...this.missing].map(([key, count]) => {
        const split = key.indexOf('\n');
        return { path: key.slice(0, split), referrer_host: key.slice(split + 1), count };
      }),
      redirected: [...this.redirected].map(([path, count]) => ({ path, count })),
    };
    this.searches = new Map();
    this.missing = new Map();
    this.redirected = new Map();
    this.dropped = 0;
    return batch;
  }

  /** A hand-over that did not land, counted again (within the bounds) to go with the next one. */
  putBack(batch: ReaderNumbersBatch): void {
    for (const { term, count } of batch.searches) this.bump(this.searches, term, count);
    for (const { path, referrer_host, count } of batch.missing) this.bump(this.missing, `${path}\n${referrer_host}`, count);
    for (const { path, count } of batch.redirected) this.bump(this.redirected, path, count);
  }

  private bump(map: Map<string, number>, key: string, by = 1): void {
    const now = map.get(key);
    if (now !== undefined) map.set(key, now + by);
    else if (map.size < READER_NUMBERS_TALLY_MAX) map.set(key, by);
    else this.dropped += by;
  }
}
