import Router from '@koa/router';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { SettingsService } from './settings.service.js';

/** GET /api/settings: what the public shell needs (title, description, ad markup). Cached. */
export function publicSettingsRoutes(service: SettingsService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api/settings' });
  router.get('/', async (ctx) => {
    await respondCached(ctx, responder, 'settings', ['settings'], async () => ({ value: await service.get() }));
  });
  return router;
}

/** GET /api/indexnow/key: the key the gateway serves as /{key}.txt (docs/product.md §11). Cached. */
export function indexNowKeyRoutes(service: SettingsService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api/indexnow' });
  router.get('/key', async (ctx) => {
    await respondCached(ctx, responder, 'indexnow-key', ['settings'], async () => ({ value: { key: await service.indexNowKey() } }));
  });
  return router;
}
