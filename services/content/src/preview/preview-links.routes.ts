import Router from '@koa/router';
import { previewLinkInputSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { PreviewLinksService } from './preview-links.service.js';

/** /api/articles/admin/{id}/preview-links…: make, list and revoke an article's preview links. */
export function adminPreviewLinkRoutes(service: PreviewLinksService, publicKey: string) {
  const router = adminRouter('/api/articles/admin/:id/preview-links', publicKey);
  router.get('/', async (ctx) => {
    ctx.body = { links: await service.list(idParam(ctx.params.id)) };
  });
  router.post('/', async (ctx) => {
    const { days } = parseInput(previewLinkInputSchema, await readJsonBody(ctx, 1024));
    ctx.status = 201;
    ctx.body = await service.create(idParam(ctx.params.id), days, ctx.ip || null);
  });
  router.delete('/:linkId', async (ctx) => {
    ctx.body = await service.revoke(idParam(ctx.params.id), idParam(ctx.params.linkId), ctx.ip || null);
  });
  return router;
}

/**
 * GET /api/preview/{token}: never cached anywhere (no cache dependencies for the gateway, private,
 * no-store for browsers and CDNs) and never indexed; an unknown, revoked or expired link is a 404.
 */
export function publicPreviewRoutes(service: PreviewLinksService) {
  const router = new Router({ prefix: '/api/preview' });
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    await next();
  });
  router.get('/:token', async (ctx) => {
    ctx.body = await service.open(ctx.params.token!);
  });
  return router;
}
