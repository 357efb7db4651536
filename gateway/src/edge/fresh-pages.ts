import type { Context } from 'koa';
import type { CachedPages } from '../frontends/serve-frontends.js';

/**
 * The lane a fresh cached public page takes (a GET the edge classed `page`, not on the back-office
 * host): the page as serve-frontends would send it, in the encoding it picks, without running
 * the rest of the chain. The chain's CSP stage gives it its nonce and policy. HEAD, conditionals
 * and any page the frontends do not hold fresh go on to the chain. Returns whether it answered.
 */
export function freshPageLane(pages: CachedPages): (ctx: Context) => Promise<boolean> | false {
  return (ctx) => {
    if (ctx.req.method !== 'GET' || ctx.req.headers['if-none-match'] !== undefined) return false;
    const page = pages.freshPage(ctx);
    if (!page) return false;
    return pages.send(ctx, page).then(() => true);
  };
}
