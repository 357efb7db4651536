import Router from '@koa/router';
import { CACHE_EVENTS_PATH } from '@coinmag/contracts';
import type { CacheEvents } from './cache-events.js';

/** GET /internal/cache-events: the invalidation stream the gateways keep their caches exact with. */
export function cacheEventRoutes(events: CacheEvents): Router {
  const router = new Router();
  router.get(CACHE_EVENTS_PATH, (ctx) => {
    ctx.respond = false;
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    events.attach(ctx.res);
  });
  return router;
}
