import type Router from '@koa/router';
import { viewArticleParamsSchema, viewPeriodQuerySchema } from '@coinmag/contracts';
import { parseInput } from '@coinmag/service-kit';
import { adminRouter } from '../admin/admin-router.js';
import type { ViewNumbersService } from './view-numbers.service.js';

/** GET /api/admin/numbers/views (the site over a period) and /views/articles/{id} (one article since publication). */
export function adminViewNumbersRoutes(service: ViewNumbersService, publicKey: string): Router {
  const router = adminRouter('/api/admin/numbers/views', publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await service.site(parseInput(viewPeriodQuerySchema.strict(), ctx.query));
  });
  router.get('/articles/:id', async (ctx) => {
    ctx.body = await service.article(parseInput(viewArticleParamsSchema, ctx.params).id);
  });
  return router;
}
