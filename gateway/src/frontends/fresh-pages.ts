import type { Middleware } from 'koa';
import { REQUEST_ID_HEADER, requestIdFrom, type ServiceRuntime } from '@coinmag/service-kit';
import { isAdminPath } from '../admin/paths.js';
import { recordLaneAnswer } from '../cache/lane-record.js';
import { pagePolicySetter } from '../csp/middleware.js';
import { newCspNonce } from '../csp/nonce.js';
import type { CspOptions } from '../csp/policy.js';
import { setSecurityHeaders } from '../security-headers.js';
import type { CachedPages } from './serve-frontends.js';
import { isAdminPagePath } from '@coinmag/rules';


/** Paths the chain answers before the pages (API, back office, assets): the lane never looks them up. */
function chainOnly(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/mf' || path.startsWith('/mf/') || isAdminPagePath(path) || isAdminPath(path);
}

/**
 * The lane a fresh cached public page takes: a first middleware that sends what the chain would
 * (security headers, the request id, the page with a new nonce in the encoding serve-frontends
 * picks, the page's CSP and Reporting-Endpoints, the log line and the metrics) without running
 * it. Everything else goes on to the chain: HEAD, conditionals, the back-office host, admin,
 * API and asset paths, and any page the frontends do not hold fresh.
 */
export function answerFreshPages(pages: CachedPages, csp: CspOptions, runtime: ServiceRuntime, adminHost?: string): Middleware {
  const pagePolicy = pagePolicySetter(csp);
  const adminHostLower = adminHost?.toLowerCase();
  return async (ctx, next) => {
    const req = ctx.req;
    if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined) return next();
    const started = performance.now();
    const path = ctx.path;
    if (chainOnly(path) || (adminHostLower !== undefined && ctx.host.toLowerCase() === adminHostLower)) return next();
    const page = pages.freshPage(ctx);
    if (!page) return next();

    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    ctx.state.requestId = requestId;
    ctx.state.cspNonce = newCspNonce();
    // In the order the chain sets them: security headers, request id, the page's own, its policy.
    setSecurityHeaders(ctx.res);
    ctx.set(REQUEST_ID_HEADER, requestId);
    await pages.send(ctx, page);
    pagePolicy(ctx);
    recordLaneAnswer(runtime, 'GET', path, ctx.status, started, requestId);
  };
}
