import type { Context } from 'koa';
import { fillCspNonceBytes } from '../../csp/nonce.js';
import { sendCompressedOnce } from '../compression.js';
import { PAGE_LEVELS, PrecompressedPages } from '../precompressed/precompressed-pages.js';
import { fillTicker, type PageTicker } from '../../markets/page-ticker.js';
import type { CachedPage } from './page-cache.js';

/** A preview link's page: for the one browser that opened it, kept by no cache on the way. */
const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** ...and its address (which holds the token) goes to no page it links to, ours included: those carry ad code. */
const PRIVATE_REFERRER_POLICY = 'no-referrer';
/** The headers a cached page is sent with whatever its encoding (send sets the same). */
const CACHED_PAGE_HEADERS = ['Cache-Control', 'no-cache', 'Content-Type', 'text/html; charset=utf-8', 'Vary', 'Accept-Encoding'] as const;

/**
 * How a page goes out: a cached page compressed once (around its nonces) and answered from that
 * compressed form, any other body compressed for its response only; a preview link's page
 * private and never indexed; a page's redirect.
 */
export class PageSender {
  private readonly precompressed: PrecompressedPages;

  /** `ticker`: what fills each page's price ticker slot as it is sent (markets/ticker-feed.ts). */
  constructor(private readonly ticker?: PageTicker) {
    this.precompressed = new PrecompressedPages(PAGE_LEVELS, ticker);
  }

  /** Sets status, headers and body; `cached`: the page is the cache's (its compressed form is kept). */
  async send(ctx: Context, page: CachedPage, cached: boolean): Promise<void> {
    ctx.set('Cache-Control', ctx.state.privatePage ? PRIVATE_CACHE_CONTROL : CACHED_PAGE_HEADERS[1]);
    if (ctx.state.privatePage) {
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', PRIVATE_REFERRER_POLICY);
    }
    if (page.status === 503) ctx.set('Retry-After', '30');
    ctx.status = page.status;
    ctx.type = CACHED_PAGE_HEADERS[3];
    const nonce = ctx.state.cspNonce;
    const answer = cached && nonce ? await this.precompressed.answer(page.body, nonce, ctx.get('Accept-Encoding') || undefined) : undefined;
    if (answer) {
      ctx.vary(CACHED_PAGE_HEADERS[5]);
      if (answer.encoding) ctx.set('Content-Encoding', answer.encoding);
      ctx.body = answer.body;
      return;
    }
    await sendCompressedOnce(ctx, fillTicker(nonce ? fillCspNonceBytes(page.body, nonce) : page.body, this.ticker));
  }

  /**
   * What send would answer for a cached page, as the page's own headers in a flat list for
   * writeHead and its body, when its compressed form is made already; undefined otherwise.
   */
  answerNow(page: CachedPage, nonce: string, acceptEncoding: string | undefined): { headers: string[]; body: Buffer } | undefined {
    const answer = this.precompressed.answerNow(page.body, nonce, acceptEncoding);
    if (!answer) return undefined;
    return { headers: [...CACHED_PAGE_HEADERS, 'Content-Encoding', answer.encoding!, 'Content-Length', String(answer.body.length)], body: answer.body };
  }

  /** The page lives elsewhere (an old slug, a published preview): the query goes along unless the page is private. */
  redirect(ctx: Context, status: number, to: string): void {
    const privatePage = ctx.state.privatePage === true;
    ctx.status = status;
    ctx.set('Cache-Control', privatePage ? PRIVATE_CACHE_CONTROL : 'public, max-age=300');
    if (privatePage) ctx.set('X-Robots-Tag', 'noindex, nofollow');
    ctx.redirect(`${to}${privatePage ? '' : ctx.search}`);
  }

  /** No shell built: a plain-text 503 that says how to build it. */
  notBuilt(ctx: Context): void {
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = 503;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = '網站前端尚未建置，請執行 npm start 或 npm run build。';
  }
}
