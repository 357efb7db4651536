import type { GatewayCache } from '../../cache/response-cache.js';
import { RendersInFlight } from './renders-in-flight.js';

/** A rendered page as the cache keeps it (placeholders where each response's nonce goes). */
export interface CachedPage {
  body: Buffer;
  status: number;
}

/** What a rendered page depends on (the content service's invalidation names). */
const PAGE_DEPS = ['articles', 'categories', 'settings', 'glossary'];
/** Pages show view counts and today's popular list: a rendered page is rendered again at most this often. */
const PAGE_TTL_MS = 30_000;

/** A page being looked up: its key, and the last rendering kept (fresh or not) when there is one. */
export interface PageLookup {
  key: string;
  /** Fresh: answer it. Stale: the rendering to answer when the content service fails. */
  kept: { page: CachedPage; fresh: boolean } | undefined;
}

/**
 * Rendered public pages in the gateway's cache: one key per template version, origin and URL,
 * exact by the cache's invalidations (the page's dependencies), rendered again at most every 30 s.
 * A page view that misses while its page is being rendered waits for that rendering.
 */
export class PageCache {
  private readonly renders = new RendersInFlight();

  constructor(private readonly cache: GatewayCache) {}

  static key(templateVersion: number, origin: string, pathAndQuery: string): string {
    return `page:${templateVersion}:${origin}${pathAndQuery}`;
  }

  /** The fresh rendering kept under `key`, found without an await. */
  fresh(key: string): CachedPage | undefined {
    const hit = this.cache.get(key);
    return hit?.fresh ? { body: hit.record.body, status: hit.record.status } : undefined;
  }

  lookup(key: string): PageLookup {
    const hit = this.cache.get(key);
    return { key, kept: hit && { page: { body: hit.record.body, status: hit.record.status }, fresh: hit.fresh } };
  }

  /** After waiting for the rendering of `key` under way (if any), its fresh result. */
  async rendered(key: string): Promise<CachedPage | undefined> {
    return (await this.renders.waitFor(key)) ? this.fresh(key) : undefined;
  }

  /** Marks `key` as being rendered until the function returned is called; and the cache's ticket for keeping what it renders. */
  start(key: string): { done: () => void; ticket: number } {
    return { ticket: this.cache.ticket(), done: this.renders.start(key) };
  }

  /** Keeps a rendering (200 or 404) unless a write it depends on came after `ticket`; true when kept. */
  keep(key: string, ticket: number, page: CachedPage, deps: string[] | undefined): boolean {
    if (page.status !== 200 && page.status !== 404) return false;
    return Boolean(this.cache.set(key, ticket, { status: page.status, headers: {}, body: page.body, deps: deps ? [...PAGE_DEPS, ...deps] : PAGE_DEPS, ttlMs: PAGE_TTL_MS }));
  }
}
