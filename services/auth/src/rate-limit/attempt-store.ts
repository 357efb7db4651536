/** A fixed-window counter per key: the window starts at the first hit and ends `windowMs` later. */
export interface AttemptCount {
  count: number;
  /** Milliseconds until the window (and its count) ends. */
  resetInMs: number;
}

/**
 * The port behind the login limits. Redis in production (shared by every replica),
 * in process for the embedded default; test/attempt-store.contract.test.ts holds both to it.
 */
export interface AttemptStore {
  /** Counts one attempt and returns the count including it. */
  hit(key: string, windowMs: number): Promise<AttemptCount>;
  /** Takes back one attempt (never below zero); keeps the window's end. */
  undo(key: string): Promise<void>;
  /** Forgets the key. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
