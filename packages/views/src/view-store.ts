import type { BeaconOp, BeaconOutcome } from './beacon-script.js';
import type { AdmissionCheck } from './keys.js';

/** Which backend holds the views, and its connection's life. */
export interface ViewStoreConnection {
  readonly kind: 'redis' | 'memory';
  /** Two stores with the same keyspace see the same keys (one Redis and prefix, or one in-process store). */
  readonly keyspace: string;
  /** A Redis store's key prefix (another process counting in the same Redis must use it too). */
  readonly keyPrefix?: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Deciding whether a view counts: the window's shared secret and the anti-inflation checks. */
export interface AdmissionStore {
  mget(keys: string[]): Promise<Array<string | null>>;
  /** SET NX PX: true when this caller took the key. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /**
   * The checks of `check`, in order and atomically, in one round trip: the rate counter (over its
   * limit: `limited`), then each once-key (SET NX; one already there: `repeat`), then the cap counter
   * (over its limit: `limited`); `pass` when all hold. A check that failed leaves the later ones untouched.
   */
  admit(check: AdmissionCheck): Promise<'pass' | 'replay' | 'repeat' | 'limited'>;
}

/** Counted views waiting in batches (hashes listed in a registry) until they are written to Postgres. */
export interface CountStore {
  /** SADD registry hash, then HINCRBY hash field by for each field, in one round trip: a counted hash is always findable. */
  hincrbyRegistered(registry: string, hash: string, fields: readonly string[], by: number): Promise<void>;
  /**
   * A view beacon in one atomic round trip: when every `stamp` key still holds its expected value
   * (a missing key reads '0'), the admission as `admit` does; when it passes, the view counted
   * (SADD registry batch, HINCRBY batch field 1 and HINCRBY batch bucket 1) and ranked (ZINCRBY + PEXPIRE); then the count
   * to show: `shown.base` plus the field's sum over the registry's hashes, never below the one
   * last shown (kept in `shown.key` for `shown.ttlMs`). A moved stamp does nothing and answers the current values.
   */
  beacon(op: BeaconOp): Promise<BeaconOutcome>;
  /** Per field, its sum over every hash listed in `registry` (SMEMBERS and HMGETs in one round trip). */
  sumRegistered(registry: string, fields: string[]): Promise<number[]>;
  smembers(key: string): Promise<string[]>;
  sadd(key: string, member: string): Promise<void>;
  srem(key: string, member: string): Promise<void>;
  hgetall(key: string): Promise<Record<string, string>>;
  del(keys: string[]): Promise<void>;
}

/** The popular ranking: a sorted set per day, read as a weighted union. */
export interface RankingStore {
  /** ZINCRBY and PEXPIRE in one round trip. */
  zincrbyExpiring(key: string, by: number, member: string, ttlMs: number): Promise<void>;
  /** Members of the weighted union of sorted sets, highest score first. */
  zunionTop(keys: string[], weights: number[], count: number): Promise<Array<{ member: string; score: number }>>;
}

/** Everything view counting needs; keys are given without the prefix, adapters add it. */
export interface ViewStore extends ViewStoreConnection, AdmissionStore, CountStore, RankingStore {}
