import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Context } from 'koa';
import { recordRequest, REQUEST_ID_HEADER, requestIdFrom, RequestState, type FrontLane, type ServiceRuntime } from '@coinmag/service-kit';
import { publicPageHeaderList, type CspOptions } from '../csp/index.js';
import { newCspNonce } from '../csp/nonce.js';
import type { CachedPage, CachedPages } from '../frontends/page-service/page-service.js';
import type { ClientRequestCap } from '../limits/client-requests.js';
import type { ObservedRequest } from '../numbers/reader-numbers.js';
import { edgeHeaderList } from './edge-headers.js';
import { answerException, koaRequestView } from './front-lane.js';
import { onHost, requestArea } from './request-area.js';

export interface FreshPageLaneOptions {
  runtime: ServiceRuntime;
  /** The per-client cap the edge stage applies too: one count of a client's requests in flight. */
  admit: ClientRequestCap;
  /** ADMIN_ORIGIN's host: nothing is answered here on it (the chain alone answers there). */
  adminHost?: string;
  /** Sees every answer, as the edge stage's hook does (a cached search page or 404 is counted). */
  answered?: (request: ObservedRequest) => void;
}

/** A public page's GET the lane may answer: no conditional (HEAD and conditionals go to the chain). */
const pageRead = (req: IncomingMessage) => req.method === 'GET' && req.headers['if-none-match'] === undefined;

/**
 * The lane a fresh cached public page whose compressed form is made takes (a GET of the `page`
 * area, not on the back-office host), in the server's raw request listener before Koa builds a
 * context: the edge's headers, the page's policy with a nonce of its own and the page's own
 * headers in one writeHead, then the request's log line, metrics and the answered hook as the edge
 * stage gives them. It leaves to Koa (returns false) HEAD, conditionals, pages not fresh or not
 * compressed yet, and a client over its cap (the edge stage answers 429). The origin, path and
 * client address are read through the app's own Koa request prototype.
 */
export function freshPageFrontLane(app: Koa, pages: CachedPages, csp: CspOptions, { runtime, admit, adminHost, answered }: FreshPageLaneOptions): FrontLane {
  const requestOf = koaRequestView(app);
  const adminHostLower = adminHost?.toLowerCase();
  const pagePolicy = publicPageHeaderList(csp);
  // The page's policy replaces the edge's non-HTML one; its own headers are the page's.
  const edgeHeaders = edgeHeaderList(['Content-Security-Policy', 'Cache-Control', 'Content-Type', 'Vary']);

  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const request = requestOf(req);
    const path = request.path;
    if (requestArea('GET', path, req.url!) !== 'page' || onHost(request.host, adminHostLower)) return false;
    const page = pages.freshPage(request);
    if (!page) return false;
    const nonce = newCspNonce();
    const made = pages.answerNow(page, nonce, req.headers['accept-encoding']);
    if (!made) return false;
    const started = performance.now();
    if (!admit(request.ip, res)) return false;
    const state = new RequestState(requestIdFrom(req.headers[REQUEST_ID_HEADER]), runtime.log);
    // The body goes out in one write.
    res.writeHead(page.status, [...edgeHeaders, ...pagePolicy(nonce), ...made.headers, REQUEST_ID_HEADER, state.requestId]);
    res.end(made.body);
    recordRequest(runtime, state, 'GET', path, page.status, 'other', started);
    answered?.({ method: 'GET', path, querystring: request.querystring, status: page.status, req });
    return true;
  };

  return (req, res) => {
    if (!pageRead(req)) return false;
    try {
      return answer(req, res);
    } catch (err) {
      // As the edge stage answers an exception in a lane: the JSON error with every header, logged.
      const started = performance.now();
      const state = new RequestState(requestIdFrom(req.headers[REQUEST_ID_HEADER]), runtime.log);
      recordRequest(runtime, state, 'GET', requestOf(req).path, answerException(res, state, err), 'other', started);
      return true;
    }
  };
}

/**
 * In the edge stage: a fresh cached page the lane before Koa left (its compressed form not made
 * yet), sent as the page service sends it (the edge's headers set before). Returns whether it
 * answered; false when the frontends hold no fresh page for it.
 */
export function freshPageLater(pages: CachedPages): (ctx: Context) => Promise<boolean> | false {
  return (ctx) => {
    if (!pageRead(ctx.req)) return false;
    const page: CachedPage | undefined = pages.freshPage(ctx);
    return page ? pages.send(ctx, page).then(() => true) : false;
  };
}
