import { createHash } from 'node:crypto';

/**
 * Tokens the auth service confirmed a moment ago, keyed by their SHA-256 (the token itself
 * is never kept). Bounded: when full, expired entries go, and if none did, all of them.
 */
export function createConfirmedTokenCache(ttlMs: number, maxEntries = 1000, now: () => number = Date.now) {
  const confirmedUntil = new Map<string, number>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');
  return {
    has(token: string): boolean {
      const key = keyOf(token);
      const until = confirmedUntil.get(key);
      if (until === undefined) return false;
      if (until > now()) return true;
      confirmedUntil.delete(key);
      return false;
    },
    /** Remembers the token for ttlMs, never past its own expiry. */
    add(token: string, tokenExpiresAtMs: number): void {
      if (ttlMs <= 0) return;
      if (confirmedUntil.size >= maxEntries) {
        const time = now();
        for (const [key, until] of confirmedUntil) if (until <= time) confirmedUntil.delete(key);
        if (confirmedUntil.size >= maxEntries) confirmedUntil.clear();
      }
      confirmedUntil.set(keyOf(token), Math.min(now() + ttlMs, tokenExpiresAtMs));
    },
    forget(token: string): void {
      confirmedUntil.delete(keyOf(token));
    },
    clear(): void {
      confirmedUntil.clear();
    },
  };
}
