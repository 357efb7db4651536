import type { Context } from 'koa';
import { etagOf, type CacheNamespace, type CachedResponse, type ResponseCache } from './response-cache.js';
import type { ViewCounter } from './view-counter.js';

/** Short enough that a CDN in front never shows a page long after a write; SWR hides the refresh. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

/** Adds unflushed views to every `{id, view_count}` object in a response body. */
export function withPendingViews(value: unknown, pending: Map<number, number>): unknown {
  if (pending.size === 0) return value;
  const patch = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(patch);
    if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const out: Record<string, unknown> = { ...record };
      if (typeof record.id === 'number' && typeof record.view_count === 'number') out.view_count = record.view_count + (pending.get(record.id) ?? 0);
      if (Array.isArray(record.articles)) out.articles = record.articles.map(patch);
      return out;
    }
    return item;
  };
  return patch(value);
}

export interface PublicResponder {
  cache: ResponseCache;
  views: ViewCounter;
}

/** Serves a public GET from the cache: unflushed views added, ETag / If-None-Match, CDN-friendly Cache-Control. */
export async function respondCached(
  ctx: Context,
  { cache, views }: PublicResponder,
  key: string,
  deps: CacheNamespace[],
  compute: () => Promise<{ value: unknown; ids: number[] }>,
): Promise<CachedResponse> {
  const cached = await cache.get(key, deps, compute);
  let { body, etag } = cached;
  const pending = cached.viewsPending ? await views.pendingFor(cached.ids) : new Map<number, number>();
  if (pending.size > 0) {
    body = JSON.stringify(withPendingViews(JSON.parse(body), pending));
    etag = etagOf(body);
  }
  ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  ctx.set('ETag', etag);
  ctx.type = 'application/json; charset=utf-8';
  if (ctx.get('if-none-match') === etag) {
    ctx.status = 304;
    return cached;
  }
  ctx.body = body;
  return cached;
}
