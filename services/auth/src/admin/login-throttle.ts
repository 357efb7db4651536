import { createHash } from 'node:crypto';
import { API_MESSAGES } from '@coinmag/contracts';
import { TooManyRequestsError } from '@coinmag/service-kit';
import type { AttemptStore } from '../rate-limit/attempt-store.js';

export interface ThrottleLimits {
  windowMs: number;
  /** Attempts per client address, whatever the username: stops spraying many names. */
  perIp: number;
  /** Attempts per username from one address: stops guessing one account's password. */
  perUsernameIp: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { windowMs: 15 * 60_000, perIp: 10, perUsernameIp: 5 };

export interface AttemptTicket {
  succeeded(): Promise<void>;
}

/**
 * Counts attempts per address and per username from an address. `action` is the route's own
 * pattern (e.g. `/api/admin/login`), never the raw request path, so `/API/admin//login/` and
 * friends share the one counter.
 */
export class LoginThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /**
   * Counts the attempt before the password is checked, so a burst of parallel guesses
   * cannot all slip past a check made before any failure was recorded. Throws 429 with
   * Retry-After when a limit is passed.
   */
  async begin(action: string, ip: string, username: string): Promise<AttemptTicket> {
    const { store, limits } = this;
    const ipKey = `${action}:ip:${ip}`;
    // Hashed so a long or odd username cannot shape the key; case-folded like the lookup.
    const userKey = `${action}:user-ip:${createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 32)}:${ip}`;
    const [byIp, byUser] = await Promise.all([store.hit(ipKey, limits.windowMs), store.hit(userKey, limits.windowMs)]);
    const waits = [
      byIp.count > limits.perIp ? byIp.resetInMs : 0,
      byUser.count > limits.perUsernameIp ? byUser.resetInMs : 0,
    ];
    const waitMs = Math.max(...waits);
    if (waitMs > 0) throw new TooManyRequestsError(API_MESSAGES.tooManyLogins, waitMs / 1000);
    return {
      // A success forgets this name's failures but only takes back its own hit from the
      // address's count, so logging in once does not wipe a spray of failures on other names.
      async succeeded() {
        await Promise.all([store.clear(userKey), store.undo(ipKey)]);
      },
    };
  }
}
