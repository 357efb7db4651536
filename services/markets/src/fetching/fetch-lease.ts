import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Which replica fetches: the one holding the lease. Holding it is renewed on every refresh; a
 * replica that dies stops renewing, the lease expires, and the next replica to try takes it.
 */
export interface FetchLease {
  /** Takes the lease if free, renews it if ours; whether we hold it now. */
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

// Renew only a lease that is still ours; release likewise (never another replica's).
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisFetchLease implements FetchLease {
  readonly owner = `${process.pid}-${randomBytes(6).toString('hex')}`;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly ttlMs: number,
  ) {}

  async hold(): Promise<boolean> {
    const taken = await this.redis.set(this.key, this.owner, 'PX', this.ttlMs, 'NX');
    if (taken === 'OK') return true;
    return (await this.redis.eval(RENEW, 1, this.key, this.owner, String(this.ttlMs))) === 1;
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key, this.owner);
  }
}

/** Without Redis there is one replica, and it always fetches. */
export class SoleFetchLease implements FetchLease {
  async hold(): Promise<boolean> {
    return true;
  }

  async release(): Promise<void> {}
}
