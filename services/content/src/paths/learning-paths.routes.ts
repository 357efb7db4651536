import Router from '@koa/router';
import { LEARNING_PATH_DEPS, LEARNING_PATH_MESSAGES } from '@coinmag/contracts';
import { isSlugParam } from '@coinmag/rules';
import { NotFoundError } from '@coinmag/service-kit';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import { idParam } from '../admin/admin-router.js';
import type { LearningPathsService } from './learning-paths.service.js';

/**
 * GET /api/learning-paths, /api/learning-paths/{slug}, /api/learning-paths/lessons/{articleId} and
 * /api/sitemap/learn (public, cached): each names exactly the dependencies a path's save announces.
 */
export function publicLearningPathRoutes(service: LearningPathsService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/learning-paths', async (ctx) => {
    await respondCached(ctx, responder, 'learning-paths', ['articles', LEARNING_PATH_DEPS.list], async () => ({ value: await service.listPublic() }));
  });
  router.get('/learning-paths/lessons/:articleId', async (ctx) => {
    const articleId = idParam(ctx.params.articleId);
    await respondCached(ctx, responder, `lesson-places:${articleId}`, ['articles', LEARNING_PATH_DEPS.placesOf(articleId)], async () => ({ value: await service.placesOf(articleId) }));
  });
  router.get('/learning-paths/:slug', async (ctx) => {
    const slug = ctx.params.slug!;
    if (!isSlugParam(slug)) throw new NotFoundError(LEARNING_PATH_MESSAGES.notFound);
    await respondCached(ctx, responder, `learning-path:${slug}`, ['articles', LEARNING_PATH_DEPS.path(slug)], async () => ({ value: await service.getPublic(slug) }));
  });
  router.get('/sitemap/learn', async (ctx) => {
    await respondCached(ctx, responder, 'sitemap:learn', ['articles', LEARNING_PATH_DEPS.list], async () => ({ value: await service.sitemap() }));
  });
  return router;
}
