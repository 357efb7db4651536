import Router from '@koa/router';
import type { SettingsService } from './settings.service.js';

/** GET /api/settings: what the public shell needs (title, description, ad markup). */
export function publicSettingsRoutes(service: SettingsService): Router {
  const router = new Router({ prefix: '/api/settings' });
  router.get('/', async (ctx) => {
    ctx.body = await service.get();
  });
  return router;
}
