import Router from '@koa/router';
import { redirectDep, redirectInputSchema, normaliseMissingPath } from '@coinmag/contracts';
import { parseInput, readJsonBody, ValidationError } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { RedirectsService } from './redirects.service.js';

/**
 * GET /api/redirect-lookup?path=: where a path the admin redirected answers now ({location: null}
 * when it is not redirected), cached until that path's redirect, an article or a category changes.
 */
export function publicRedirectRoutes(service: RedirectsService, responder: PublicResponder): Router {
  const router = new Router();
  router.get('/api/redirect-lookup', async (ctx) => {
    const raw = ctx.query.path;
    if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 2000) throw new ValidationError('path', '網址路徑格式不正確');
    const path = normaliseMissingPath(raw);
    await respondCached(ctx, responder, `redirect-lookup:${path}`, [redirectDep(path) as `redirect:${string}`, 'articles', 'categories'], async () => ({ value: await service.locate(path) }));
  });
  return router;
}

/** /api/admin/redirects: the redirect manager (list, create, edit, delete) and the targets' search. */
export function adminRedirectRoutes(service: RedirectsService, publicKey: string): Router {
  const router = adminRouter('/api/admin/redirects', publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await service.list();
  });
  router.get('/targets', async (ctx) => {
    const q = typeof ctx.query.q === 'string' ? ctx.query.q : '';
    ctx.body = await service.targets(q);
  });
  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await service.create(parseInput(redirectInputSchema, await readJsonBody(ctx)));
  });
  router.put('/:id', async (ctx) => {
    ctx.body = await service.update(idParam(ctx.params.id), parseInput(redirectInputSchema, await readJsonBody(ctx)));
  });
  router.delete('/:id', async (ctx) => {
    await service.delete(idParam(ctx.params.id));
    ctx.status = 204;
  });
  return router;
}
