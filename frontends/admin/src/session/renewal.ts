/**
 * Silent renewal: a token lives TOKEN_TTL (20 minutes by default) and the session at most
 * SESSION_MAX_AGE. While the admin is active (a key, a click, a call that succeeded), the
 * session is renewed once less than half of the token's life is left; an idle admin's session
 * simply lapses, and the next call meets the spec's 401 flow.
 */
const CHECK_EVERY_MS = 30_000;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'input', 'wheel'] as const;

export interface RenewalTimes {
  expiresAt: string;
  sessionExpiresAt: string;
}

export interface RenewalHooks {
  renew: () => Promise<RenewalTimes>;
  now?: () => number;
}

export function startRenewal(times: RenewalTimes, hooks: RenewalHooks): { stop: () => void; touch: () => void; update: (times: RenewalTimes) => void } {
  const now = hooks.now ?? Date.now;
  let issuedAt = now();
  let expiresAt = Date.parse(times.expiresAt);
  let sessionEndsAt = Date.parse(times.sessionExpiresAt);
  let activeSinceIssued = false;
  let busy = false;

  const touch = () => {
    activeSinceIssued = true;
  };
  const update = (next: RenewalTimes) => {
    issuedAt = now();
    activeSinceIssued = false;
    expiresAt = Date.parse(next.expiresAt);
    sessionEndsAt = Date.parse(next.sessionExpiresAt);
  };
  const check = async () => {
    const time = now();
    if (busy || !activeSinceIssued || time >= expiresAt || expiresAt >= sessionEndsAt) return;
    if (expiresAt - time > (expiresAt - issuedAt) / 2) return;
    busy = true;
    try {
      update(await hooks.renew());
    } catch {
      /* the session ended: the next call gets the 401 and its message */
    } finally {
      busy = false;
    }
  };

  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { passive: true, capture: true });
  const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
  return {
    touch,
    update,
    stop() {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch, { capture: true });
    },
  };
}
