import type { Context, Middleware } from 'koa';
import { CACHE_CHANGES_HEADER } from '@coinmag/contracts';
import { HttpError } from '@coinmag/service-kit';
import { isAdminPath } from '../admin/paths.js';
import type { GatewayCache } from '../cache/response-cache.js';
import { cardCacheKey, isSocialCardPath } from '../cache/card-cache-key.js';
import { serveCachedContent } from '../cache/cached-content.js';
import { applyWriteChanges, WRITE_CHANGES_HEADERS } from '../cache/write-changes.js';
import type { UpstreamBody } from '../limits/upstream-body.js';
import { requestHeadersFor, responseHeadersFrom } from './headers.js';
import { matchRoute, type Upstream } from './route-table.js';
import { sendWithRetry } from './send.js';
import { answerFailure, forwardedFor, NOT_FORWARDED } from './upstream-answers.js';
import { IDEMPOTENT, type UpstreamPool } from './upstream-pool.js';

export interface ProxyOptions {
  upstreams: Record<Upstream, UpstreamPool>;
  timeoutMs: number;
  slowTimeoutMs: number;
  /** How long an idempotent request waits for a service that refuses connections (restarting). */
  restartWaitMs: number;
  /** The gateway's cache of public content answers; without it every request is proxied. */
  cache?: GatewayCache;
  /** The request body to send, read or opened under the gateway's limits (limits/upstream-body). */
  bodyOf(ctx: Context): Promise<UpstreamBody>;
}

/**
 * Sends a request to the service that owns its path over a keep-alive pool and streams the
 * answer back. Public content GETs and social cards go through the gateway's cache. A service
 * that refuses the connection gives 503, one that does not answer in time 504, one that breaks
 * 502, as JSON.
 */
export function proxyByRouteTable(options: ProxyOptions): Middleware {
  const { cache } = options;
  return async (ctx, next) => {
    const route = matchRoute(ctx.path);
    if (!route) return next();
    const pool = options.upstreams[route.upstream];
    const timeoutMs = route.slow ? options.slowTimeoutMs : options.timeoutMs;
    const idempotent = IDEMPOTENT.has(ctx.method);
    const waitForRestartMs = idempotent ? Math.min(options.restartWaitMs, timeoutMs) : 0;

    if (cache && route.upstream === 'content' && (ctx.method === 'GET' || ctx.method === 'HEAD') && !isAdminPath(ctx.path)) {
      return serveCachedContent(ctx, { cache, pool, timeoutMs, waitForRestartMs });
    }
    if (cache && (ctx.method === 'GET' || ctx.method === 'HEAD') && isSocialCardPath(ctx.path)) {
      return serveCachedContent(ctx, { cache, pool, timeoutMs, waitForRestartMs, key: cardCacheKey(ctx.path, ctx.querystring), upstream: route.upstream });
    }
    // A write through the admin API: what it changed is dropped before the writer hears back (cache/write-changes.ts).
    const invalidates = cache && route.upstream === 'content' && !idempotent && isAdminPath(ctx.path);

    // Read (or opened as a bounded stream) before a service connection is taken.
    const body = await options.bodyOf(ctx);
    const aborted = new AbortController();
    const onClose = () => {
      if (!ctx.res.writableFinished) aborted.abort();
    };
    ctx.res.once('close', onClose);
    try {
      const response = await sendWithRetry(
        pool,
        {
          method: ctx.method,
          path: ctx.url,
          headers: requestHeadersFor(ctx.req.headers, forwardedFor(ctx), NOT_FORWARDED),
          body,
          timeoutMs,
          signal: aborted.signal,
        },
        { waitForRestartMs },
      );
      if (invalidates) applyWriteChanges(cache, response.headers[CACHE_CHANGES_HEADER], ctx.state.log);
      ctx.status = response.statusCode;
      const headers = responseHeadersFrom(response.headers, route.upstream === 'content' ? WRITE_CHANGES_HEADERS : undefined);
      for (const name in headers) ctx.set(name, headers[name]!);
      const length = response.headers['content-length'];
      response.body.on('error', () => ctx.req.destroy());
      ctx.body = response.body;
      if (length !== undefined) ctx.length = Number(length);
    } catch (err) {
      // No answer: what the write changed, if anything, is unknown.
      if (invalidates) cache.invalidateAll();
      // The client's own failure (a stalled upload: 408), not the service's.
      if (err instanceof HttpError) throw err;
      answerFailure(ctx, err, route.upstream);
    }
  };
}
