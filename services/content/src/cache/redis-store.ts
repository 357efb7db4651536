import { Redis } from 'ioredis';
import type { KeyValueStore, SubscriptionHandlers } from './store.js';

export interface RedisStoreOptions {
  url: string;
  prefix: string;
  /** A Redis that is slow answers as an error after this long, so callers fall back at once. */
  commandTimeoutMs?: number;
}

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly subscribers = new Set<Redis>();

  constructor({ url, prefix, commandTimeoutMs = 2000 }: RedisStoreOptions) {
    this.prefix = prefix;
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      commandTimeout: commandTimeoutMs,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
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
  hincrby(key: string, field: string, by: number) {
    return this.redis.hincrby(key, field, by);
  }
  async hincrbyRegistered(registry: string, hash: string, field: string, by: number) {
    const results = await this.redis.multi().sadd(registry, hash).hincrby(hash, field, by).exec();
    const failed = results?.find(([err]) => err);
    if (!results) throw new Error('Connection is closed');
    if (failed) throw failed[0];
  }
  async incrExpiring(key: string, ttlMs: number) {
    const results = await this.redis.multi().incr(key).pexpire(key, ttlMs).exec();
    if (!results) throw new Error('Connection is closed');
    const [incrError, value] = results[0]!;
    if (incrError) throw incrError;
    return Number(value);
  }
  hgetall(key: string) {
    return this.redis.hgetall(key);
  }
  hmget(key: string, fields: string[]) {
    return fields.length ? this.redis.hmget(key, ...fields) : Promise.resolve([]);
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
  async zincrby(key: string, by: number, member: string) {
    await this.redis.zincrby(key, by, member);
  }
  async expire(key: string, ttlMs: number) {
    await this.redis.pexpire(key, ttlMs);
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
    subscriber.on('message', (from: string, message: string) => {
      if (from === name) handlers.message(message);
    });
    return () => {
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
