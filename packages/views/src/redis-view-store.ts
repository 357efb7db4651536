import { Redis } from 'ioredis';
import { BeaconScript, type BeaconOp, type BeaconOutcome } from './beacon-script.js';
import type { AdmissionCheck } from './keys.js';
import type { ViewStore } from './view-store.js';

/** KEYS: rate, cap, once…; ARGV: rate ttl, rate limit, cap ttl, cap limit, once ttl. */
const ADMIT = `
local rate = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
if rate > tonumber(ARGV[2]) then return 'limited' end
for i = 3, #KEYS do
  if not redis.call('SET', KEYS[i], '1', 'PX', ARGV[5], 'NX') then return 'repeat' end
end
local cap = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if cap > tonumber(ARGV[4]) then return 'limited' end
return 'pass'`;

/** KEYS: the registry; ARGV: the key prefix, then the fields. The hashes it lists are named without the prefix. */
const SUM_REGISTERED = `
local sums = {}
for i = 2, #ARGV do sums[i - 1] = 0 end
for _, hash in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local values = redis.call('HMGET', ARGV[1] .. hash, unpack(ARGV, 2))
  for i = 1, #ARGV - 1 do
    if values[i] then sums[i] = sums[i] + tonumber(values[i]) end
  end
end
return sums`;

interface ScriptedRedis extends Redis {
  admitScript(...args: Array<string | number>): Promise<string>;
  sumRegisteredScript(...args: Array<string | number>): Promise<number[]>;
}

export interface RedisViewStoreOptions {
  url: string;
  prefix: string;
  /** A Redis that is slow answers as an error after this long: a timed-out count is held in the process (see ViewTally). */
  commandTimeoutMs?: number;
  /** Commands issued in one turn of the event loop leave in one write (ioredis's auto-pipelining). */
  autoPipelining?: boolean;
}

/**
 * View counting in Redis, on a client whose `keyPrefix` is `prefix`: every operation one round trip
 * (a script or a MULTI), the beacons of one turn of the event loop in one script call (BeaconScript).
 * The scripts touch keys named in the batch registry, so they need a single Redis (or one hash slot).
 */
export class RedisViewStore implements ViewStore {
  readonly kind = 'redis' as const;
  readonly keyspace: string;
  readonly keyPrefix: string;
  private readonly redis: ScriptedRedis;
  private readonly beacons: BeaconScript;

  /** A store on a connection of its own, closed with it. */
  static open({ url, prefix, commandTimeoutMs = 2000, autoPipelining = false }: RedisViewStoreOptions): RedisViewStore {
    const redis = new Redis(url, {
      keyPrefix: prefix,
      commandTimeout: commandTimeoutMs,
      enableAutoPipelining: autoPipelining,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Errors are reported by the calls that meet them; this keeps ioredis from printing each one.
    redis.on('error', () => {});
    return new RedisViewStore(redis, url, prefix);
  }

  /** `redis`: a client whose `keyPrefix` is `prefix`, reached at `url`. */
  constructor(redis: Redis, url: string, prefix: string) {
    this.keyspace = `redis:${url}:${prefix}`;
    this.keyPrefix = prefix;
    // EVALSHA, falling back to EVAL once per connection; ioredis prefixes the KEYS.
    redis.defineCommand('admitScript', { lua: ADMIT });
    redis.defineCommand('sumRegisteredScript', { lua: SUM_REGISTERED, numberOfKeys: 1 });
    this.redis = redis as ScriptedRedis;
    this.beacons = new BeaconScript(redis, prefix);
  }

  /** Whether commands can be sent now (no offline queue: they are refused otherwise). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }
  async ping() {
    await this.redis.ping();
  }
  mget(keys: string[]) {
    return keys.length ? this.redis.mget(keys) : Promise.resolve([]);
  }
  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs) await this.redis.set(key, value, 'PX', ttlMs);
    else await this.redis.set(key, value);
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }
  async del(keys: string[]) {
    if (keys.length) await this.redis.del(keys);
  }
  async hincrbyRegistered(registry: string, hash: string, fields: readonly string[], by: number) {
    const multi = this.redis.multi().sadd(registry, hash);
    for (const field of fields) multi.hincrby(hash, field, by);
    const results = await multi.exec();
    const failed = results?.find(([err]) => err);
    if (!results) throw new Error('Connection is closed');
    if (failed) throw failed[0];
  }
  async admit({ rate, once, onceTtlMs, cap }: AdmissionCheck) {
    const keys = [rate.key, cap.key, ...once];
    const answer = await this.redis.admitScript(keys.length, ...keys, rate.ttlMs, rate.limit, cap.ttlMs, cap.limit, onceTtlMs);
    if (answer !== 'pass' && answer !== 'repeat' && answer !== 'limited') throw new Error(`unexpected admission answer ${answer}`);
    return answer;
  }
  beacon(op: BeaconOp): Promise<BeaconOutcome> {
    return this.beacons.run(op);
  }
  async sumRegistered(registry: string, fields: string[]) {
    if (fields.length === 0) return [];
    return (await this.redis.sumRegisteredScript(registry, this.keyPrefix, ...fields)).map(Number);
  }
  async zincrbyExpiring(key: string, by: number, member: string, ttlMs: number) {
    const results = await this.redis.multi().zincrby(key, by, member).pexpire(key, ttlMs).exec();
    if (!results) throw new Error('Connection is closed');
    const failed = results.find(([err]) => err);
    if (failed) throw failed[0];
  }
  hgetall(key: string) {
    return this.redis.hgetall(key);
  }
  async sadd(key: string, member: string) {
    await this.redis.sadd(key, member);
  }
  async srem(key: string, member: string) {
    await this.redis.srem(key, member);
  }
  smembers(key: string) {
    return this.redis.smembers(key);
  }
  async zunionTop(keys: string[], weights: number[], count: number) {
    if (keys.length === 0) return [];
    // ZUNION (Redis 6.2+) answers without writing a temporary key; ioredis prefixes its keys.
    const reply = (await this.redis.call('ZUNION', keys.length, ...keys, 'WEIGHTS', ...weights.map(String), 'WITHSCORES')) as string[];
    const pairs: Array<{ member: string; score: number }> = [];
    for (let i = 0; i + 1 < reply.length; i += 2) pairs.push({ member: reply[i]!, score: Number(reply[i + 1]) });
    return pairs.sort((a, b) => b.score - a.score).slice(0, count);
  }
  async close() {
    this.redis.disconnect();
  }
}
