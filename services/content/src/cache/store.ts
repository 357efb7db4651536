/**
 * The operations the content service needs from Redis. Two adapters implement it: Redis
 * (production, shared by replicas) and an in-process store (the embedded default).
 * Every key is given without the prefix; adapters add it.
 */
export interface KeyValueStore {
  readonly kind: 'redis' | 'memory';
  /** Two stores with the same keyspace see the same keys (one Redis and prefix, or one in-process store). */
  readonly keyspace: string;
  ping(): Promise<void>;
  mget(keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** SET NX PX: true when this caller took the key. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  incr(key: string): Promise<number>;
  del(keys: string[]): Promise<void>;
  hincrby(key: string, field: string, by: number): Promise<number>;
  /** SADD registry hash, then HINCRBY hash field by, in one round trip: a counted hash is always findable. */
  hincrbyRegistered(registry: string, hash: string, field: string, by: number): Promise<void>;
  /**
   * The checks of `check`, in order and atomically, in one round trip: the rate counter (over its
   * limit: `limited`), then each once-key (SET NX; one already there: `repeat`), then the cap counter
   * (over its limit: `limited`); `pass` when all hold. A check that failed leaves the later ones untouched.
   */
  admit(check: AdmissionCheck): Promise<'pass' | 'repeat' | 'limited'>;
  /**
   * A view beacon in one atomic round trip: when every `stamp` key still holds its expected value
   * (a missing key reads '0'), the admission as `admit` does; when it passes, the view counted
   * (SADD registry batch, HINCRBY batch field 1) and ranked (ZINCRBY + PEXPIRE); then the count
   * to show: `shown.base` plus the field's sum over the registry's hashes, never below the one
   * last shown (kept in `shown.key` for `shown.ttlMs`). A moved stamp does nothing and answers the current values.
   */
  beacon(op: BeaconOp): Promise<BeaconOutcome>;
  /** Per field, its sum over every hash listed in `registry` (SMEMBERS and HMGETs in one round trip). */
  sumRegistered(registry: string, fields: string[]): Promise<number[]>;
  /** ZINCRBY and PEXPIRE in one round trip. */
  zincrbyExpiring(key: string, by: number, member: string, ttlMs: number): Promise<void>;
  /** INCR and PEXPIRE in one round trip (callers put their window in the key's name). */
  incrExpiring(key: string, ttlMs: number): Promise<number>;
  hgetall(key: string): Promise<Record<string, string>>;
  hmget(key: string, fields: string[]): Promise<Array<string | null>>;
  /** RENAME when the source exists; false when it does not. */
  renameIfExists(from: string, to: string): Promise<boolean>;
  sadd(key: string, member: string): Promise<void>;
  srem(key: string, member: string): Promise<void>;
  smembers(key: string): Promise<string[]>;
  zincrby(key: string, by: number, member: string): Promise<void>;
  expire(key: string, ttlMs: number): Promise<void>;
  /** Members of the weighted union of sorted sets, highest score first. */
  zunionTop(keys: string[], weights: number[], count: number): Promise<Array<{ member: string; score: number }>>;
  /** Sends `message` to every subscriber of `channel` (this site's channels only: the prefix applies). */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Listens on `channel` on a connection of its own. `ready` is called each time the subscription
   * is (re)established, `lost` each time it drops: messages sent in between were missed.
   */
  subscribe(channel: string, handlers: SubscriptionHandlers): () => void;
  /** Called when the connection drops: what this process wrote meanwhile may not have reached the store. */
  onConnectionLost(listener: () => void): void;
  close(): Promise<void>;
}

/** A counter that expires: INCR, PEXPIRE `ttlMs`, and no more than `limit`. */
export interface ExpiringCounter {
  key: string;
  ttlMs: number;
  limit: number;
}

export interface AdmissionCheck {
  rate: ExpiringCounter;
  /** Keys set once (SET NX PX `onceTtlMs`). */
  once: string[];
  onceTtlMs: number;
  cap: ExpiringCounter;
}

export interface BeaconOp {
  stamp: { keys: string[]; expected: string[] };
  admission: AdmissionCheck;
  /** The batch hash (named without the prefix, as the registry lists it) and the field, the article's id. */
  count: { registry: string; batch: string; field: string };
  /** The ranking's sorted set for today; the member is `count.field`. */
  ranking: { key: string; ttlMs: number };
  /** Postgres's figure for the article, and where the count last shown is kept. */
  shown: { key: string; base: number; ttlMs: number };
}

export type BeaconOutcome = { decision: 'stale'; stamp: string[] } | { decision: 'pass' | 'repeat' | 'limited'; count: number };

export interface SubscriptionHandlers {
  message(message: string): void;
  ready(): void;
  lost(): void;
}
