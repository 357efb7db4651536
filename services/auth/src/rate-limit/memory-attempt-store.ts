import type { AttemptCount, AttemptStore } from './attempt-store.js';

interface Window {
  count: number;
  endsAt: number;
}

/** Bounds memory under a spray of distinct keys; expired windows go first. */
const MAX_KEYS = 100_000;

/** In-process adapter: correct for one process only (the embedded default). */
export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<AttemptCount> {
    let window = this.live(key);
    if (!window) {
      this.makeRoom();
      window = { count: 0, endsAt: this.now() + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - this.now() };
  }

  async undo(key: string): Promise<void> {
    const window = this.live(key);
    if (!window) return;
    window.count -= 1;
    if (window.count <= 0) this.windows.delete(key);
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private live(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private makeRoom(): void {
    if (this.windows.size < MAX_KEYS) return;
    const time = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= time) this.windows.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}
