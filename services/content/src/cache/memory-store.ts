import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { AdmissionCheck, BeaconOp, BeaconOutcome } from '../views/view-store.js';
import type { SubscriptionHandlers } from './pub-sub.js';
import type { Store } from './store.js';

type Value = { type: 'string'; value: string } | { type: 'hash'; value: Map<string, string> } | { type: 'set'; value: Set<string> } | { type: 'zset'; value: Map<string, number> };

/** The embedded default: the same operations in one process, with expiry. */
export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  readonly keyspace = `memory:${randomUUID()}`;
  private readonly data = new Map<string, Value>();
  private readonly expiresAt = new Map<string, number>();
  private readonly channels = new EventEmitter().setMaxListeners(0);

  /** `maxKeys`: past it, the oldest key written is dropped (a bounded fallback, not a database). */
  constructor(private readonly maxKeys = Infinity) {}

  private bound() {
    while (this.data.size > this.maxKeys) {
      const oldest = this.data.keys().next().value!;
      this.data.delete(oldest);
      this.expiresAt.delete(oldest);
    }
  }

  private live(key: string): Value | undefined {
    const expiry = this.expiresAt.get(key);
    if (expiry !== undefined && expiry <= Date.now()) {
      this.data.delete(key);
      this.expiresAt.delete(key);
    }
    return this.data.get(key);
  }
  private typed<T extends Value['type']>(key: string, type: T, create: () => Extract<Value, { type: T }>['value']) {
    const current = this.live(key);
    if (current && current.type !== type) throw new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    if (current) return current.value as Extract<Value, { type: T }>['value'];
    const value = create();
    this.data.set(key, { type, value } as Value);
    this.bound();
    return value;
  }

  async ping() {}
  async mget(keys: string[]) {
    return keys.map((key) => {
      const value = this.live(key);
      return value?.type === 'string' ? value.value : null;
    });
  }
  async set(key: string, value: string, ttlMs?: number) {
    this.data.set(key, { type: 'string', value });
    if (ttlMs) this.expiresAt.set(key, Date.now() + ttlMs);
    else this.expiresAt.delete(key);
    this.bound();
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }
  async incr(key: string) {
    const current = this.live(key);
    const next = (current?.type === 'string' ? Number(current.value) : 0) + 1;
    this.data.set(key, { type: 'string', value: String(next) });
    this.bound();
    return next;
  }
  async del(keys: string[]) {
    for (const key of keys) {
      this.data.delete(key);
      this.expiresAt.delete(key);
    }
  }
  private async hincrby(key: string, field: string, by: number) {
    const hash = this.typed(key, 'hash', () => new Map());
    const next = Number(hash.get(field) ?? 0) + by;
    hash.set(field, String(next));
    return next;
  }
  async hincrbyRegistered(registry: string, hash: string, field: string, by: number) {
    await this.sadd(registry, hash);
    await this.hincrby(hash, field, by);
  }
  async admit({ rate, once, onceTtlMs, cap, pageViewKey }: AdmissionCheck) {
    if ((await this.incrExpiring(rate.key, rate.ttlMs)) > rate.limit) return 'limited' as const;
    for (const key of once) {
      if (await this.setIfAbsent(key, '1', onceTtlMs)) continue;
      // As the beacon script decides: this page view counted already, sent again.
      return key === pageViewKey && (await this.mget([key]))[0] === 'counted' ? ('replay' as const) : ('repeat' as const);
    }
    if ((await this.incrExpiring(cap.key, cap.ttlMs)) > cap.limit) return 'limited' as const;
    if (pageViewKey) await this.set(pageViewKey, 'counted', onceTtlMs);
    return 'pass' as const;
  }
  /** One beacon at a time, as Redis runs its script: beacons sent at once never interleave their steps. */
  beacon(op: BeaconOp): Promise<BeaconOutcome> {
    const outcome = this.beacons.then(() => this.beaconNow(op));
    this.beacons = outcome.catch(() => undefined);
    return outcome;
  }
  private beacons: Promise<unknown> = Promise.resolve();
  private async beaconNow({ stamp, admission, count, ranking, shown }: BeaconOp): Promise<BeaconOutcome> {
    const current = (await this.mget([...stamp.keys])).map((value) => value ?? '0');
    if (current.some((value, index) => value !== stamp.expected[index])) return { decision: 'stale', stamp: current };
    const decision = await this.admit(admission);
    if (decision === 'pass') {
      await this.hincrbyRegistered(count.registry, count.batch, count.field, 1);
      await this.zincrbyExpiring(ranking.key, 1, count.field, ranking.ttlMs);
    }
    const [pending] = await this.sumRegistered(count.registry, [count.field]);
    const [last] = await this.mget([shown.key]);
    const figure = Math.max(shown.base + pending!, Number(last ?? 0));
    await this.set(shown.key, String(figure), shown.ttlMs);
    return { decision, count: figure };
  }
  async sumRegistered(registry: string, fields: string[]) {
    const sums = fields.map(() => 0);
    for (const hash of await this.smembers(registry)) (await this.hmget(hash, fields)).forEach((value, index) => (sums[index]! += Number(value ?? 0)));
    return sums;
  }
  async zincrbyExpiring(key: string, by: number, member: string, ttlMs: number) {
    await this.zincrby(key, by, member);
    await this.expire(key, ttlMs);
  }
  private async incrExpiring(key: string, ttlMs: number) {
    const next = await this.incr(key);
    this.expiresAt.set(key, Date.now() + ttlMs);
    return next;
  }
  async hgetall(key: string) {
    const value = this.live(key);
    return value?.type === 'hash' ? Object.fromEntries(value.value) : {};
  }
  private async hmget(key: string, fields: string[]) {
    const value = this.live(key);
    return fields.map((field) => (value?.type === 'hash' ? value.value.get(field) ?? null : null));
  }
  async renameIfExists(from: string, to: string) {
    const value = this.live(from);
    if (!value) return false;
    this.data.set(to, value);
    this.data.delete(from);
    const expiry = this.expiresAt.get(from);
    this.expiresAt.delete(from);
    if (expiry !== undefined) this.expiresAt.set(to, expiry);
    else this.expiresAt.delete(to);
    return true;
  }
  async sadd(key: string, member: string) {
    this.typed(key, 'set', () => new Set()).add(member);
  }
  async srem(key: string, member: string) {
    const value = this.live(key);
    if (value?.type === 'set') value.value.delete(member);
  }
  async smembers(key: string) {
    const value = this.live(key);
    return value?.type === 'set' ? [...value.value] : [];
  }
  private async zincrby(key: string, by: number, member: string) {
    const zset = this.typed(key, 'zset', () => new Map());
    zset.set(member, (zset.get(member) ?? 0) + by);
  }
  private async expire(key: string, ttlMs: number) {
    if (this.live(key)) this.expiresAt.set(key, Date.now() + ttlMs);
  }
  async zunionTop(keys: string[], weights: number[], count: number) {
    const totals = new Map<string, number>();
    keys.forEach((key, index) => {
      const value = this.live(key);
      if (value?.type !== 'zset') return;
      for (const [member, score] of value.value) totals.set(member, (totals.get(member) ?? 0) + score * (weights[index] ?? 1));
    });
    return [...totals].map(([member, score]) => ({ member, score })).sort((a, b) => b.score - a.score).slice(0, count);
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
    this.data.clear();
    this.channels.removeAllListeners();
  }
}
