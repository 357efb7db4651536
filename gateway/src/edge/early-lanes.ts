import type { Middleware } from 'koa';
import type { GatewayCache } from '../cache/response-cache.js';
import type { CachedPages } from '../frontends/serve-frontends.js';
import { beaconLane, type BeaconLaneOptions } from './beacon-lane.js';
import { freshHitLane } from './fresh-hits.js';
import { freshPageLane } from './fresh-pages.js';
import { onHost, requestArea } from './request-area.js';

export interface EarlyLaneOptions {
  /** The cache of public content answers: its fresh records are answered here. */
  cache?: GatewayCache;
  /** The frontends' cached pages: a fresh one is answered here. */
  pages?: CachedPages;
  beacons: BeaconLaneOptions;
  /** ADMIN_ORIGIN's host: the chain alone answers there (it refuses public writes and serves no public page). */
  adminHost?: string;
}

/**
 * The cheap answers, as one stage of the chain: after the request id, the log line, the metrics,
 * the error mapping and the security headers and policy (all set once, before this stage, for
 * every answer), and before the admin guard, the proxy and the renderer. The request's area is
 * decided once; a fresh cached API answer, a fresh cached page or a view beacon is answered
 * here, anything else goes on down the chain.
 */
export function answerEarly({ cache, pages, beacons, adminHost }: EarlyLaneOptions): Middleware {
  const adminHostLower = adminHost?.toLowerCase();
  const freshHit = cache ? freshHitLane(cache) : undefined;
  const freshPage = pages ? freshPageLane(pages) : undefined;
  const beacon = beaconLane(beacons);

  return (ctx, next) => {
    const area = requestArea(ctx.method, ctx.path, ctx.url);
    if (area === 'chain') return next();
    if (area === 'public-api') return freshHit?.(ctx) ? Promise.resolve() : next();
    if (onHost(ctx.host, adminHostLower)) return next();
    if (area === 'beacon') return beacon(ctx) || next();
    const page = freshPage?.(ctx);
    return page ? page.then((sent) => (sent ? undefined : next())) : next();
  };
}
