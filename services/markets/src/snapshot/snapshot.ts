import type { ProviderName, Quote } from '../providers/provider.js';

/** The latest good prices: each coin's last validated quote and who gave it. */
export interface Snapshot {
  /** When this snapshot was written (ms). */
  fetchedAt: number;
  quotes: Array<Quote & { provider: ProviderName }>;
}

/** What the admin sees of a provider (行情設定): last success, last error, next try. */
export interface ProviderState {
  name: ProviderName;
  lastSuccessAt?: number;
  lastErrorAt?: number;
  lastError?: string;
  /** Consecutive failures; the backoff grows with them. */
  failures: number;
  /** Not asked before this time (ms): its backoff or its Retry-After. */
  nextTryAt: number;
  /** Its last Retry-After's end (ms), which is kept even when no other provider answers. */
  retryAfterUntil?: number;
}

/**
 * Where the latest snapshot and the providers' states are kept: Redis, shared by every replica
 * (any replica answers, one fetches), or this process's memory when there is no Redis.
 */
export interface SnapshotStore {
  readonly kind: 'redis' | 'memory';
  read(): Promise<Snapshot | undefined>;
  write(snapshot: Snapshot): Promise<void>;
  readStates(): Promise<ProviderState[]>;
  writeState(state: ProviderState): Promise<void>;
}
