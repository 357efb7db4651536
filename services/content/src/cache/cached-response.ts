import type { Context } from 'koa';
import { CACHE_DEPS_HEADER, CACHE_TTL_HEADER, cacheDepsHeader } from '@coinmag/contracts';
import type { CacheNamespace, CachedResponse, ResponseCache } from './response-cache.js';


/** Short enough that a CDN in front never shows a page long after a write; SWR hides the refresh. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

export interface PublicResponder {
  cache: ResponseCache;
  /** Counts each lookup as a hit or a miss (the service's `cache_lookups_total`). */
  lookups?: { inc(labels: { cache: string; result: 'hit' | 'miss' }): void };
}

/** Serves a public GET from the cache: the stored bytes as they are, ETag / If-None-Match, CDN-friendly Cache-Control. */
export async function respondCached(
  ctx: Context,
  { cache, lookups }: PublicResponder,
  key: string,
  deps: CacheNamespace[],
  compute: () => Promise<{ value: unknown }>,
  ttlMs?: number,
): Promise<CachedResponse> {
  let missed = false;
  const counted = () => {
    missed = true;
    return compute();
  };
  const cached = await cache.get(key, deps, counted, ttlMs);
  lookups?.inc({ cache: 'responses', result: missed ? 'miss' : 'hit' });
  ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  // The gateway keeps answers that name what they depend on, and drops them when one is invalidated.
  ctx.set(CACHE_DEPS_HEADER, cacheDepsHeader(deps));
  if (ttlMs !== undefined) ctx.set(CACHE_TTL_HEADER, String(Math.max(1, Math.floor(ttlMs / 1000))));
  ctx.set('ETag', cached.etag);
  ctx.type = 'application/json; charset=utf-8';
  if (ctx.get('if-none-match') === cached.etag) {
    ctx.status = 304;
    return cached;
  }
  ctx.body = cached.body;
  return cached;
}
