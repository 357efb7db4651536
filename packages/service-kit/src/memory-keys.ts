import { randomUUID } from 'node:crypto';

type Value = { type: 'string'; value: string } | { type: 'hash'; value: Map<string, string> } | { type: 'set'; value: Set<string> } | { type: 'zset'; value: Map<string, number> };

/**
 * Keys in this process, with expiry: the embedded stand-in for Redis (docs/adr/0008) that each
 * store role (the content cache, view counting) builds its own operations on. Two roles given the
 * same instance see the same keys, as two roles given one Redis and prefix do.
 */
export class MemoryKeys {
  readonly keyspace = `memory:${randomUUID()}`;
  private readonly data = new Map<string, Value>();
  private readonly expiresAt = new Map<string, number>();

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

  has(key: string): boolean {
    return this.live(key) !== undefined;
  }
  get(key: string): string | null {
    const value = this.live(key);
    return value?.type === 'string' ? value.value : null;
  }
  set(key: string, value: string, ttlMs?: number): void {
    this.data.set(key, { type: 'string', value });
    if (ttlMs) this.expiresAt.set(key, Date.now() + ttlMs);
    else this.expiresAt.delete(key);
    this.bound();
  }
  /** SET NX PX: true when this caller took the key. */
  setIfAbsent(key: string, value: string, ttlMs: number): boolean {
    if (this.live(key)) return false;
    this.set(key, value, ttlMs);
    return true;
  }
  incr(key: string): number {
    const current = this.live(key);
    const next = (current?.type === 'string' ? Number(current.value) : 0) + 1;
    this.data.set(key, { type: 'string', value: String(next) });
    this.bound();
    return next;
  }
  /** PEXPIRE: a key that exists expires `ttlMs` from now. */
  expire(key: string, ttlMs: number): void {
    if (this.live(key)) this.expiresAt.set(key, Date.now() + ttlMs);
  }
  del(keys: string[]): void {
    for (const key of keys) {
      this.data.delete(key);
      this.expiresAt.delete(key);
    }
  }
  hincrby(key: string, field: string, by: number): number {
    const hash = this.typed(key, 'hash', () => new Map());
    const next = Number(hash.get(field) ?? 0) + by;
    hash.set(field, String(next));
    return next;
  }
  hgetall(key: string): Record<string, string> {
    const value = this.live(key);
    return value?.type === 'hash' ? Object.fromEntries(value.value) : {};
  }
  hmget(key: string, fields: string[]): Array<string | null> {
    const value = this.live(key);
    return fields.map((field) => (value?.type === 'hash' ? value.value.get(field) ?? null : null));
  }
  sadd(key: string, member: string): void {
    this.typed(key, 'set', () => new Set()).add(member);
  }
  srem(key: string, member: string): void {
    const value = this.live(key);
    if (value?.type === 'set') value.value.delete(member);
  }
  smembers(key: string): string[] {
    const value = this.live(key);
    return value?.type === 'set' ? [...value.value] : [];
  }
  zincrby(key: string, by: number, member: string): void {
    const zset = this.typed(key, 'zset', () => new Map());
    zset.set(member, (zset.get(member) ?? 0) + by);
  }
  /** The weighted union of sorted sets, highest score first. */
  zunion(keys: string[], weights: number[]): Array<{ member: string; score: number }> {
    const totals = new Map<string, number>();
    keys.forEach((key, index) => {
      const value = this.live(key);
      if (value?.type !== 'zset') return;
      for (const [member, score] of value.value) totals.set(member, (totals.get(member) ?? 0) + score * (weights[index] ?? 1));
    });
    return [...totals].map(([member, score]) => ({ member, score })).sort((a, b) => b.score - a.score);
  }
  clear(): void {
    this.data.clear();
    this.expiresAt.clear();
  }
}
