import Router from '@koa/router';
import type { CategoriesService } from './categories.service.js';

/** GET /api/categories and /api/categories/header (public). */
export function publicCategoryRoutes(service: CategoriesService): Router {
  const router = new Router({ prefix: '/api/categories' });
  router.get('/header', async (ctx) => {
    ctx.body = await service.listHeader();
  });
  router.get('/', async (ctx) => {
    ctx.body = await service.listPublic();
  });
  return router;
}
