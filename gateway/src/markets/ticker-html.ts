import type { Middleware } from 'koa';
import { TICKER_HTML_PATH } from '@coinmag/contracts/ticker-slot';
import type { PageTicker } from './page-ticker.js';

/** Open pages ask every 30 s; an answer kept this long by the browser or a CDN is still current. */
const CACHE_CONTROL = 'public, max-age=10';

/**
 * GET /api/markets/ticker/html: the ticker exactly as the pages' slots are being filled now
 * (ticker-feed.ts draws it every few seconds), answered from memory: an open page polls it to
 * refresh its ticker in place (the shell's ticker-refresh.ts); 204 while there is no ticker.
 */
export function tickerHtml(ticker: PageTicker): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== TICKER_HTML_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const html = ticker.hole().toString('utf8').trimEnd();
    ctx.set('Cache-Control', CACHE_CONTROL);
    if (!html) {
      ctx.status = 204;
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  };
}
