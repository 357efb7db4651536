import Router from '@koa/router';
import { NotFoundError, requireAdmin } from '@coinmag/service-kit';

/** A router whose every route needs a valid admin token and whose answers are never cached. */
export function adminRouter(prefix: string, publicKey: string): Router {
  const router = new Router({ prefix });
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.use(requireAdmin(publicKey));
  return router;
}

export function idParam(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,9}$/.test(raw) || id < 1) throw new NotFoundError('找不到資源');
  return id;
}
