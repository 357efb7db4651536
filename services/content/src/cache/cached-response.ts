import type { Context } from 'koa';
import type { CacheNamespace, CachedResponse, ResponseCache } from './response-cache.js';

/** Short enough that a CDN in front never shows a page long after a write; SWR hides the refresh. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

export interface PublicResponder {
  cache: ResponseCache;
}

/** Serves a public GET from the cache: the stored bytes as they are, ETag / If-None-Match, CDN-friendly Cache-Control. */
export async function respondCached(
  ctx: Context,
  { cache }: PublicResponder,
  key: string,
  deps: CacheNamespace[],
  compute: () => Promise<{ value: unknown }>,
  ttlMs?: number,
): Promise<CachedResponse> {
  const cached = await cache.get(key, deps, compute, ttlMs);
  ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  ctx.set('ETag', cached.etag);
  ctx.type = 'application/json; charset=utf-8';
  if (ctx.get('if-none-match') === cached.etag) {
    ctx.status = 304;
    return cached;
  }
  ctx.body = cached.body;
  return cached;
}
