import { Redis } from 'ioredis';
import { BeaconScript } from '@coinmag/service-kit';
import type { AdmissionCheck, BeaconOp, BeaconOutcome } from '../views/view-store.js';
import type { SubscriptionHandlers } from './pub-sub.js';
import type { Store } from './store.js';

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

export interface RedisStoreOptions {
  url: string;
  prefix: string;
  /** A Redis that is slow answers as an error after this long, so callers fall back at once. */
  commandTimeoutMs?: number;
  /**
   * Commands issued in one turn of the event loop leave in one write (ioredis's auto-pipelining).
   * Beacons of one turn always go in one script call (BeaconScript).
   */
  autoPipelining?: boolean;
}

export class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly keyspace: string;
  readonly keyPrefix: string;
  private readonly redis: ScriptedRedis;
  private readonly prefix: string;
  private readonly subscribers = new Set<Redis>();
  private readonly beacons: BeaconScript;

  constructor({ url, prefix, commandTimeoutMs = 2000, autoPipelining = false }: RedisStoreOptions) {
    this.prefix = prefix;
    this.keyspace = `redis:${url}:${prefix}`;
    this.keyPrefix = prefix;
    const redis = new Redis(url, {
      keyPrefix: prefix,
      commandTimeout: commandTimeoutMs,
      enableAutoPipelining: autoPipelining,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // EVALSHA, falling back to EVAL once per connection; ioredis prefixes the KEYS.
    redis.defineCommand('admitScript', { lua: ADMIT });
    redis.defineCommand('sumRegisteredScript', { lua: SUM_REGISTERED, numberOfKeys: 1 });
    this.redis = redis as ScriptedRedis;
    this.beacons = new BeaconScript(redis, prefix);
    // Errors are reported by the calls that meet them; this keeps ioredis from printing each one.
    this.redis.on('error', () => {});
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
  incr(key: string) {
    return this.redis.incr(key);
  }
  async del(keys: string[]) {
    if (keys.length) await this.redis.del(keys);
  }
  async hincrbyRegistered(registry: string, hash: string, field: string, by: number) {
    const results = await this.redis.multi().sadd(registry, hash).hincrby(hash, field, by).exec();
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
    return (await this.redis.sumRegisteredScript(registry, this.prefix, ...fields)).map(Number);
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
  async renameIfExists(from: string, to: string) {
    try {
      await this.redis.rename(from, to);
      return true;
    } catch (err) {
      if ((err as Error).message.includes('no such key')) return false;
      throw err;
    }
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
  async publish(channel: string, message: string) {
    // Channels are not keys: ioredis does not prefix them.
    await this.redis.publish(this.prefix + channel, message);
  }
  subscribe(channel: string, handlers: SubscriptionHandlers) {
    const name = this.prefix + channel;
    const subscriber = this.redis.duplicate({ keyPrefix: '', commandTimeout: undefined, autoResubscribe: false });
    this.subscribers.add(subscriber);
    let subscribed = false;
    subscriber.on('error', () => {});
    subscriber.on('ready', () => {
      subscriber.subscribe(name).then(
        () => {
          subscribed = true;
          handlers.ready();
        },
        () => subscriber.disconnect(true),
      );
    });
    subscriber.on('close', () => {
      if (!subscribed) return;
      subscribed = false;
      handlers.lost();
    });
    let stopped = false;
    subscriber.on('message', (from: string, message: string) => {
      if (from === name && !stopped) handlers.message(message);
    });
    return () => {
      // What the socket still holds may be read after disconnect(): nothing reaches the handlers once stopped.
      stopped = true;
      subscribed = false;
      this.subscribers.delete(subscriber);
      subscriber.disconnect();
    };
  }
  onConnectionLost(listener: () => void) {
    let connected = this.redis.status === 'ready';
    this.redis.on('ready', () => (connected = true));
    this.redis.on('close', () => {
      if (!connected) return;
      connected = false;
      listener();
    });
  }
  async close() {
    for (const subscriber of this.subscribers) subscriber.disconnect();
    this.subscribers.clear();
    this.redis.disconnect();
  }
}
