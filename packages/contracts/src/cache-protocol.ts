/**
 * The protocol between the content service and the gateway's cache of its public answers
 * (docs/architecture.md, "the gateway cache"): what an answer depends on, how long an answer
 * that changes with time may be kept, and the invalidation stream every gateway listens to.
 */

/** On a public answer: the comma-separated dependencies it was computed from; only answers that name them are cached. */
export const CACHE_DEPS_HEADER = 'x-cache-deps';
/** On an answer that changes with time rather than with edits (popular): how long, in seconds, it may be kept. */
export const CACHE_TTL_HEADER = 'x-cache-ttl';
/**
 * On every answer to a write (any method but GET/HEAD/OPTIONS): the changes that write announced, as
 * a JSON array of `CacheChangeEvent` (`[]`: it changed no public answer). The gateway that relayed
 * the write applies them before answering, so the writer's next read is fresh; every gateway hears
 * the same changes (same ids) on the stream. Never passed on to clients.
 */
export const CACHE_CHANGES_HEADER = 'x-cache-changes';
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

/** A change: the dependencies an admin write changed, or "drop everything". */
export type CacheChangeEvent = ({ type: 'invalidate'; deps: string[] } & CacheChange) | ({ type: 'reset' } & CacheChange);

/**
 * One line of the stream (newline-delimited JSON): whether caches may be trusted, a change, or a
 * keep-alive.
 */
export type CacheEvent = { type: 'state'; healthy: boolean } | CacheChangeEvent | { type: 'ping' };

/** A change to announce, with its id and announcement time. */
export function cacheChange(change: { type: 'invalidate'; deps: readonly string[] } | { type: 'reset' }, id: string, at = Date.now()): CacheChangeEvent {
  return change.type === 'invalidate' ? { type: 'invalidate', deps: [...change.deps], id, at } : { type: 'reset', id, at };
}

/** The line a change is announced with (to every replica, which relays it to its gateways). */
export function cacheChangeLine(change: { type: 'invalidate'; deps: readonly string[] } | { type: 'reset' }, id: string, at = Date.now()): string {
  return JSON.stringify(cacheChange(change, id, at));
}

export function cacheChangesHeader(changes: readonly CacheChangeEvent[]): string {
  return JSON.stringify(changes);
}

/** The changes a write's answer names; undefined when the header is missing or not well formed (what changed is unknown). */
export function parseCacheChanges(value: string | string[] | undefined): CacheChangeEvent[] | undefined {
  if (typeof value !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const changes: CacheChangeEvent[] = [];
  for (const item of parsed as Array<Record<string, unknown>>) {
    if (typeof item !== 'object' || item === null || typeof item.id !== 'string' || typeof item.at !== 'number') return undefined;
    if (item.type === 'reset') changes.push({ type: 'reset', id: item.id, at: item.at });
    else if (item.type === 'invalidate' && Array.isArray(item.deps) && item.deps.every((dep) => typeof dep === 'string')) {
      changes.push({ type: 'invalidate', deps: item.deps as string[], id: item.id, at: item.at });
    } else return undefined;
  }
  return changes;
}

export function cacheDepsHeader(deps: readonly string[]): string {
  return deps.join(',');
}

export function parseCacheDeps(value: string): string[] {
  return value.split(',').map((dep) => dep.trim()).filter(Boolean);
}
