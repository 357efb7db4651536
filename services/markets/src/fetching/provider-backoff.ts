import { ProviderError, type ProviderName } from '../providers/provider.js';
import type { ProviderState } from '../snapshot/snapshot.js';

/** The longest a failing provider is left alone before it is asked again. */
export const MAX_BACKOFF_MS = 10 * 60_000;

export function freshState(name: ProviderName): ProviderState {
  return { name, failures: 0, nextTryAt: 0 };
}

export function afterSuccess(state: ProviderState, now: number): ProviderState {
  const { retryAfterUntil: _ended, ...rest } = state;
  return { ...rest, lastSuccessAt: now, failures: 0, nextTryAt: 0 };
}

/**
 * After a failure the provider waits a refresh interval, doubled with each further failure up
 * to MAX_BACKOFF_MS, and never less than its own Retry-After.
 */
export function afterFailure(state: ProviderState, err: unknown, now: number, refreshMs: number): ProviderState {
  const failures = state.failures + 1;
  const backoff = Math.min(refreshMs * 2 ** (failures - 1), MAX_BACKOFF_MS);
  const retryAfter = err instanceof ProviderError ? (err.retryAfterMs ?? 0) : 0;
  const message = err instanceof Error ? err.message : String(err);
  const { retryAfterUntil: _earlier, ...rest } = state;
  return { ...rest, failures, lastErrorAt: now, lastError: message.slice(0, 300), nextTryAt: now + Math.max(backoff, retryAfter), ...(retryAfter > 0 ? { retryAfterUntil: now + retryAfter } : {}) };
}

/**
 * Whether a provider backing off is asked anyway because no provider priced anything this
 * refresh: a total outage is probed once per refresh (the rate the site asks at when all is
 * well), so prices come back within one refresh of a provider answering again; a Retry-After is
 * still waited out.
 */
export function probedInOutage(state: ProviderState, now: number): boolean {
  return (state.retryAfterUntil ?? 0) <= now;
}
