import { MemoryKeys } from '@coinmag/service-kit';
import type { BeaconOp, BeaconOutcome } from './beacon-script.js';
import type { AdmissionCheck } from './keys.js';
import type { ViewStore } from './view-store.js';

/**
 * View counting in this process (the embedded default, and the bounded fallback while Redis is
 * unreachable): the Redis store's operations, each decided whole before the next begins. Given the
 * content cache's keys, its beacons read the same article versions the cache bumps.
 */
export class MemoryViewStore implements ViewStore {
  readonly kind = 'memory' as const;
  readonly keyspace: string;

  constructor(private readonly keys: MemoryKeys = new MemoryKeys()) {
    this.keyspace = keys.keyspace;
  }

  async ping() {}
  async mget(keys: string[]) {
    return keys.map((key) => this.keys.get(key));
  }
  async set(key: string, value: string, ttlMs?: number) {
    this.keys.set(key, value, ttlMs);
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return this.keys.setIfAbsent(key, value, ttlMs);
  }
  async del(keys: string[]) {
    this.keys.del(keys);
  }
  async hincrbyRegistered(registry: string, hash: string, fields: readonly string[], by: number) {
    this.keys.sadd(registry, hash);
    for (const field of fields) this.keys.hincrby(hash, field, by);
  }
  async admit(check: AdmissionCheck) {
    return this.admitNow(check);
  }
  private admitNow({ rate, once, onceTtlMs, cap, pageViewKey }: AdmissionCheck): 'pass' | 'replay' | 'repeat' | 'limited' {
    if (this.incrExpiring(rate.key, rate.ttlMs) > rate.limit) return 'limited';
    for (const key of once) {
      if (this.keys.setIfAbsent(key, '1', onceTtlMs)) continue;
      // As the beacon script decides: this page view counted already, sent again.
      return key === pageViewKey && this.keys.get(key) === 'counted' ? 'replay' : 'repeat';
    }
    if (this.incrExpiring(cap.key, cap.ttlMs) > cap.limit) return 'limited';
    if (pageViewKey) this.keys.set(pageViewKey, 'counted', onceTtlMs);
    return 'pass';
  }
  /** One beacon at a time, as Redis runs its script: beacons sent at once never interleave their steps. */
  async beacon({ stamp, admission, count, ranking, shown }: BeaconOp): Promise<BeaconOutcome> {
    const current = stamp.keys.map((key) => this.keys.get(key) ?? '0');
    if (current.some((value, index) => value !== stamp.expected[index])) return { decision: 'stale', stamp: current };
    const decision = this.admitNow(admission);
    if (decision === 'pass') {
      this.keys.sadd(count.registry, count.batch);
      this.keys.hincrby(count.batch, count.field, 1);
      this.keys.hincrby(count.batch, count.bucket, 1);
      this.keys.zincrby(ranking.key, 1, count.field);
      this.keys.expire(ranking.key, ranking.ttlMs);
    }
    const pending = this.sum(count.registry, [count.field])[0]!;
    const figure = Math.max(shown.base + pending, Number(this.keys.get(shown.key) ?? 0));
    this.keys.set(shown.key, String(figure), shown.ttlMs);
    return { decision, count: figure };
  }
  private sum(registry: string, fields: string[]): number[] {
    const sums = fields.map(() => 0);
    for (const hash of this.keys.smembers(registry)) this.keys.hmget(hash, fields).forEach((value, index) => (sums[index]! += Number(value ?? 0)));
    return sums;
  }
  async sumRegistered(registry: string, fields: string[]) {
    return this.sum(registry, fields);
  }
  async zincrbyExpiring(key: string, by: number, member: string, ttlMs: number) {
    this.keys.zincrby(key, by, member);
    this.keys.expire(key, ttlMs);
  }
  private incrExpiring(key: string, ttlMs: number): number {
    const next = this.keys.incr(key);
    this.keys.expire(key, ttlMs);
    return next;
  }
  async hgetall(key: string) {
    return this.keys.hgetall(key);
  }
  async sadd(key: string, member: string) {
    this.keys.sadd(key, member);
  }
  async srem(key: string, member: string) {
    this.keys.srem(key, member);
  }
  async smembers(key: string) {
    return this.keys.smembers(key);
  }
  async zunionTop(keys: string[], weights: number[], count: number) {
    return this.keys.zunion(keys, weights).slice(0, count);
  }
  async close() {
    this.keys.clear();
  }
}
