import { CACHE_CHANGES_HEADER, parseCacheChanges } from '@coinmag/contracts';
import type { GatewayCache } from './response-cache.js';

/** Never passed on to the client: between the content service and its gateways only. */
export const WRITE_CHANGES_HEADERS: ReadonlySet<string> = new Set([CACHE_CHANGES_HEADER]);

/**
 * Applies what an admin write through this gateway changed before its answer goes back, so the
 * writer's next read is fresh before the stream brings the same changes (applied once). A write
 * whose answer does not say what it changed — none came back, or a content service that does not
 * name its changes (an older one during a rolling update) — may have changed anything: everything
 * cached before it is dropped.
 */
export function applyWriteChanges(cache: GatewayCache, header: string | string[] | undefined): void {
  const changes = parseCacheChanges(header);
  if (!changes) {
    cache.invalidateAll();
    return;
  }
  for (const change of changes) cache.apply(change);
}
