/**
 * The protocol between the content service and the gateway's cache of its public answers
 * (docs/architecture.md, "the gateway cache"): what an answer depends on, how long an answer
 * that changes with time may be kept, and the invalidation stream every gateway listens to.
 */

/** On a public answer: the comma-separated dependencies it was computed from; only answers that name them are cached. */
export const CACHE_DEPS_HEADER = 'x-cache-deps';
/** On an answer that changes with time rather than with edits (popular): how long, in seconds, it may be kept. */
export const CACHE_TTL_HEADER = 'x-cache-ttl';
/** The content service's stream of cache events (internal port only, never routed through the gateway). */
export const CACHE_EVENTS_PATH = '/internal/cache-events';

/**
 * What a change announces: a unique id (every content replica relays every announcement, so a
 * gateway listening to several hears each one several times and applies it once) and when it was
 * announced (ms since the epoch, the announcing replica's clock), for the delivery delay.
 */
export interface CacheChange {
  id: string;
  at: number;
}

/**
 * One line of the stream (newline-delimited JSON): whether caches may be trusted, the
 * dependencies an admin write changed, "drop everything", or a keep-alive.
 */
export type CacheEvent =
  | { type: 'state'; healthy: boolean }
  | ({ type: 'invalidate'; deps: string[] } & CacheChange)
  | ({ type: 'reset' } & CacheChange)
  | { type: 'ping' };

/** The line a change is announced with (to every replica, which relays it to its gateways). */
export function cacheChangeLine(change: { type: 'invalidate'; deps: readonly string[] } | { type: 'reset' }, id: string, at = Date.now()): string {
  return JSON.stringify({ ...change, id, at });
}

export function cacheDepsHeader(deps: readonly string[]): string {
  return deps.join(',');
}

export function parseCacheDeps(value: string): string[] {
  return value.split(',').map((dep) => dep.trim()).filter(Boolean);
}
