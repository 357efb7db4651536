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
 * One line of the stream (newline-delimited JSON): whether caches may be trusted, the
 * dependencies an admin write changed, "drop everything", or a keep-alive.
 */
export type CacheEvent = { type: 'state'; healthy: boolean } | { type: 'invalidate'; deps: string[] } | { type: 'reset' } | { type: 'ping' };

export function cacheDepsHeader(deps: readonly string[]): string {
  return deps.join(',');
}

export function parseCacheDeps(value: string): string[] {
  return value.split(',').map((dep) => dep.trim()).filter(Boolean);
}
