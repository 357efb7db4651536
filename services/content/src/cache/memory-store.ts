import { EventEmitter } from 'node:events';
import { MemoryKeys } from '@coinmag/service-kit';
import type { SubscriptionHandlers } from './pub-sub.js';
import type { Store } from './store.js';

/** The embedded default: the cache's operations and its messages in one process, on keys it may share with view counting. */
export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  readonly keyspace: string;
  private readonly channels = new EventEmitter().setMaxListeners(0);

  constructor(readonly keys: MemoryKeys = new MemoryKeys()) {
    this.keyspace = keys.keyspace;
  }

  async ping() {}
  async mget(keys: string[]) {
    return keys.map((key) => this.keys.get(key));
  }
  async set(key: string, value: string, ttlMs?: number) {
    this.keys.set(key, value, ttlMs);
  }
  async incr(key: string) {
    return this.keys.incr(key);
  }
  async publish(channel: string, message: string) {
    this.channels.emit(channel, message);
  }
  subscribe(channel: string, handlers: SubscriptionHandlers) {
    const listener = (message: string) => handlers.message(message);
    this.channels.on(channel, listener);
    queueMicrotask(() => handlers.ready());
    return () => {
      this.channels.off(channel, listener);
    };
  }
  /** An in-process store never loses its connection. */
  onConnectionLost() {}
  async close() {
    this.keys.clear();
    this.channels.removeAllListeners();
  }
}
