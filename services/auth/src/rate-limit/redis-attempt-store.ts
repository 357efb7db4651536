import type { Redis } from 'ioredis';
import type { AttemptCount, AttemptStore } from './attempt-store.js';

// One round trip, atomic: the expiry is set only by the hit that opens the window.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

const UNDO = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count
`;

/**
 * Redis adapter. Keys live under `prefix` so several services (and test files) can share
 * one Redis. `close` quits the connection only when this store opened it.
 */
export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ownsConnection = false,
  ) {}

  async hit(key: string, windowMs: number): Promise<AttemptCount> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.keyOf(key), String(Math.ceil(windowMs)))) as [number, number];
    return { count: Number(count), resetInMs: Number(ttl) };
  }

  async undo(key: string): Promise<void> {
    await this.redis.eval(UNDO, 1, this.keyOf(key));
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit();
  }

  private keyOf(key: string): string {
    return `${this.prefix}${key}`;
  }
}
