import type { Context, Middleware, Next } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { answerError, answerNotFound, closeRequest, openRequest, REQUEST_ID_HEADER, requestIdFrom, type ServiceRuntime } from '@coinmag/service-kit';
import { policySettler, type CspOptions } from '../csp/index.js';
import type { CachedPages } from '../frontends/page-service/page-service.js';
import type { ClientRequestCap } from '../limits/client-requests.js';
import { BUSY_RETRY_AFTER_SECONDS } from '../limits/limits-config.js';
import { setEdgeHeaders } from './edge-headers.js';
import { EdgeState } from './edge-state.js';
import { freshPageLater } from './fresh-pages.js';
import { onHost, requestArea, type RequestArea } from './request-area.js';

export interface EdgeStageOptions {
  runtime: ServiceRuntime;
  /** The per-client cap (limits/client-requests.ts), shared with the lanes before Koa. */
  admit: ClientRequestCap;
  csp: CspOptions;
  /** The frontends' cached pages: a fresh one the lane before Koa left (not compressed yet) is sent here. */
  pages?: CachedPages;
  /** ADMIN_ORIGIN's host: the chain alone answers there (it refuses public writes and serves no public page). */
  adminHost?: string;
  /** Sees every answer once it is settled: counts searches and missing pages (numbers/reader-numbers.ts). */
  answered?: (ctx: Context) => void;
}

/**
 * The gateway's one stage every request passes, first: it opens the request (id, log, start
 * time), lets it in or answers 429, decides its area once and has it answered — by a cached page
 * or the rest of the chain (admin guard, proxy, renderer, assets) — and finishes every answer in
 * one place: the security headers, the policy that fits it (with its nonce), the error mapping,
 * the log line and the metrics. An exception anywhere becomes the JSON error with every header.
 * A fresh cached API answer, a fresh cached page whose compressed form is made and a view beacon
 * are answered before Koa, by their lanes (edge/fresh-hits.ts, edge/fresh-pages.ts,
 * edge/beacon-lane.ts, made of the same parts); what they leave (a stale record, a conditional, a
 * page not compressed yet, a beacon's body of unknown or large size, a client over its cap, the
 * back-office host) comes here.
 */
export function edgeStage({ runtime, admit, csp, pages, adminHost, answered }: EdgeStageOptions): Middleware {
  const adminHostLower = adminHost?.toLowerCase();
  const settlePolicy = policySettler(csp);
  const freshPage = pages ? freshPageLater(pages) : undefined;

  /** The lanes answered through the response, with the edge's headers already set, else the chain. */
  const answer = (ctx: Context, area: RequestArea, next: Next): Promise<void> => {
    if (area !== 'page' || onHost(ctx.host, adminHostLower)) return next();
    const page = freshPage?.(ctx);
    return page ? page.then((sent) => (sent ? undefined : next())) : next();
  };

  return async (ctx, next) => {
    const state = new EdgeState(requestIdFrom(ctx.req.headers[REQUEST_ID_HEADER]), runtime.log);
    const started = openRequest(ctx, state);
    let headersSet = false;
    try {
      if (!admit(ctx.ip, ctx.res)) {
        setEdgeHeaders(ctx.res, state.requestId);
        headersSet = true;
        ctx.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
        ctx.status = 429;
        ctx.body = { error: API_MESSAGES.tooManyRequests };
      } else {
        setEdgeHeaders(ctx.res, state.requestId);
        headersSet = true;
        await answer(ctx, requestArea(ctx.method, ctx.path, ctx.url), next);
        answerNotFound(ctx);
      }
    } catch (err) {
      if (!headersSet && !ctx.headerSent) setEdgeHeaders(ctx.res, state.requestId);
      answerError(ctx, err);
    } finally {
      settlePolicy(ctx);
      closeRequest(ctx, runtime, started);
      if (answered && !onHost(ctx.host, adminHostLower)) answered(ctx);
    }
  };
}
