import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AUTH_PATHS } from '@coinmag/contracts';
import { verifyWithAuth } from './verify-with-auth.js';

/**
 * A signature cannot say whether the token was revoked since (a password change bumps the
 * token version in the auth database): services that take admin writes ask the auth service.
 */
export const tokenConfirmEnv = {
  /** The auth service, which confirms that a token's version is still current. */
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  /**
   * How long the auth service's "still valid" is trusted per token (0: ask every time). Default
   * 0: a sign-out or a password change must end every token of the session at once on every
   * replica, and one admin's calls cost auth a lookup each (about a millisecond).
   */
  ADMIN_CONFIRM_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
};

/** Throws UnauthorizedError for a revoked token, ServiceUnavailableError when it cannot tell. */
export type TokenConfirmer = (token: string, expiresAtMs: number, requestId?: string) => Promise<void>;

export interface TokenConfirmerOptions {
  authUrl: string;
  cacheMs: number;
  timeoutMs?: number;
  maxEntries?: number;
}

/**
 * Confirms a token with the auth service's GET /api/admin/verify and trusts the answer for
 * `cacheMs` (never past the token's expiry), keyed by the token's SHA-256. After a password
 * change an old token is refused here within `cacheMs`. Auth unreachable: 503, never a pass.
 */
export function createTokenConfirmer({ authUrl, cacheMs, timeoutMs = 5000, maxEntries = 1000 }: TokenConfirmerOptions): TokenConfirmer {
  const verifyUrl = new URL(AUTH_PATHS.verify, authUrl).toString();
  const confirmedUntil = new Map<string, number>();
  return async (token, expiresAtMs, requestId) => {
    const key = createHash('sha256').update(token).digest('hex');
    const until = confirmedUntil.get(key);
    if (until !== undefined && until > Date.now()) return;
    confirmedUntil.delete(key);
    await verifyWithAuth(verifyUrl, token, timeoutMs, requestId);
    if (cacheMs <= 0) return;
    if (confirmedUntil.size >= maxEntries) {
      const now = Date.now();
      for (const [k, expires] of confirmedUntil) if (expires <= now) confirmedUntil.delete(k);
      if (confirmedUntil.size >= maxEntries) confirmedUntil.clear();
    }
    confirmedUntil.set(key, Math.min(Date.now() + cacheMs, expiresAtMs));
  };
}
