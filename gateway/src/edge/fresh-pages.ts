import type { Context } from 'koa';
import { REQUEST_ID_HEADER } from '@coinmag/service-kit';
import { publicPageHeaderList, type CspOptions } from '../csp/index.js';
import type { CachedPage, CachedPages } from '../frontends/page-service/page-service.js';
import { edgeHeaderList } from './edge-headers.js';

/** What the page lane needs of the request's state: its id and its nonce (drawn when first read). */
interface PageRequestState {
  readonly requestId: string;
  cspNonce: string;
}

export interface FreshPageLane {
  /**
   * A fresh cached page whose compressed form is made, answered at once: the edge's headers, the
   * page's policy with this response's nonce and the page's own, in one writeHead onto a response
   * nothing was set on before. Returns whether it answered.
   */
  now(ctx: Context, state: PageRequestState): boolean;
  /** Any other fresh cached page, sent as the page service sends it (the edge's headers set before). */
  later(ctx: Context): Promise<boolean> | false;
}

/**
 * The lane a fresh cached public page takes (a GET the edge classed `page`, not on the back-office
 * host), without running the rest of the chain. HEAD, conditionals and any page the frontends do
 * not hold fresh go on to the chain.
 */
export function freshPageLane(pages: CachedPages, csp: CspOptions): FreshPageLane {
  const pagePolicy = publicPageHeaderList(csp);
  // The page's policy replaces the edge's non-HTML one; its own headers are the page's.
  const edgeHeaders = edgeHeaderList(['Content-Security-Policy', 'Cache-Control', 'Content-Type', 'Vary']);
  const freshPage = (ctx: Context): CachedPage | undefined => {
    if (ctx.req.method !== 'GET' || ctx.req.headers['if-none-match'] !== undefined) return undefined;
    return pages.freshPage(ctx);
  };

  return {
    now(ctx, state) {
      const page = freshPage(ctx);
      if (!page) return false;
      const nonce = state.cspNonce;
      const answer = pages.answerNow(page, nonce, ctx.req.headers['accept-encoding']);
      if (!answer) return false;
      // The status for the edge stage's log line and metrics; the body goes out in one write.
      ctx.status = page.status;
      ctx.respond = false;
      ctx.res.writeHead(page.status, [...edgeHeaders, ...pagePolicy(nonce), ...answer.headers, REQUEST_ID_HEADER, state.requestId]);
      ctx.res.end(answer.body);
      return true;
    },
    later(ctx) {
      const page = freshPage(ctx);
      return page ? pages.send(ctx, page).then(() => true) : false;
    },
  };
}
