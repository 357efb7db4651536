import type { AttemptCount, AttemptStore } from './attempt-store.js';

interface Window {
  count: number;
  endsAt: number;
}

/** Bounds memory under a spray of distinct keys; expired windows go first. */
const MAX_KEYS = 100_000;

/** In-process adapter: correct for one process only (the embedded default). */
export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const windows = new Map<string, Window>();

  const live = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const makeRoom = () => {
    if (windows.size < MAX_KEYS) return;
    const time = now();
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  };

  return {
    async hit(key, windowMs): Promise<AttemptCount> {
      let window = live(key);
      if (!window) {
        makeRoom();
        window = { count: 0, endsAt: now() + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - now() };
    },
    async undo(key) {
      const window = live(key);
      if (!window) return;
      window.count -= 1;
      if (window.count <= 0) windows.delete(key);
    },
    async clear(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
