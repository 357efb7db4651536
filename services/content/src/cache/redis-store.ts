import { Redis } from 'ioredis';
import type { SubscriptionHandlers } from './pub-sub.js';
import type { Store } from './store.js';

export interface RedisStoreOptions {
  url: string;
  prefix: string;
  /** A Redis that is slow answers as an error after this long, so callers fall back at once. */
  commandTimeoutMs?: number;
  /** Commands issued in one turn of the event loop leave in one write (ioredis's auto-pipelining). */
  autoPipelining?: boolean;
}

export class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly keyspace: string;
  readonly keyPrefix: string;
  readonly url: string;
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly subscribers = new Set<Redis>();

  constructor({ url, prefix, commandTimeoutMs = 2000, autoPipelining = false }: RedisStoreOptions) {
    this.prefix = prefix;
    this.url = url;
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
    this.redis = redis;
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
  incr(key: string) {
    return this.redis.incr(key);
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
