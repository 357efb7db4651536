import { CACHE_CHANGES_HEADER, parseCacheChanges } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
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
export function applyWriteChanges(cache: GatewayCache, header: string | string[] | undefined, log?: Logger): void {
  const changes = parseCacheChanges(header);
  if (!changes) {
    cache.invalidateAll();
    log?.info('gateway cache: a write did not say what it changed, everything dropped');
    return;
  }
  for (const change of changes) {
    // Its own message: the feed's "change applied" lines measure the stream's delivery.
    if (cache.apply(change)) log?.info({ type: change.type, deps: change.type === 'invalidate' ? change.deps : [], delayMs: Date.now() - change.at }, 'gateway cache: change applied from the write\'s answer');
  }
}
