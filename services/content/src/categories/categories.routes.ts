import Router from '@koa/router';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { CategoriesService } from './categories.service.js';

/** GET /api/categories and /api/categories/header (public, cached). */
export function publicCategoryRoutes(service: CategoriesService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api/categories' });
  router.get('/header', async (ctx) => {
    await respondCached(ctx, responder, 'categories:header', ['categories'], async () => ({ value: await service.listHeader() }));
  });
  router.get('/', async (ctx) => {
    await respondCached(ctx, responder, 'categories:all', ['categories'], async () => ({ value: await service.listPublic() }));
  });
  return router;
}
