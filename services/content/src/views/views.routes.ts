import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@coinmag/service-kit';
import { slugParam } from '../articles/articles.routes.js';
import type { ViewsService } from './views.service.js';

const beaconQuerySchema = z.object({ pv: z.string().uuid('瀏覽識別碼格式不正確').optional() });
const USER_AGENT_LENGTH = 512;

/**
 * POST /api/articles/{slug}/views?pv={page-view id}: the view beacon, one per page view,
 * counted even when the page itself came from a cache. Never cached.
 */
export function viewBeaconRoutes(service: ViewsService): Router {
  const router = new Router({ prefix: '/api/articles' });
  router.post('/:slug/views', async (ctx) => {
    const slug = slugParam(ctx.params.slug!);
    const { pv } = parseInput(beaconQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.beacon(slug, { address: ctx.ip, userAgent: ctx.get('user-agent').slice(0, USER_AGENT_LENGTH), pageViewId: pv });
  });
  return router;
}
