import Router from '@koa/router';
import { FLASH_DEP } from '@coinmag/contracts';
import { tagFromParam } from '@coinmag/rules';
import { ValidationError } from '@coinmag/service-kit';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import { VIEW_FIGURES_MAX_AGE_MS } from '../articles/articles.routes.js';
import type { TagsService } from './tags.service.js';

/** GET /api/tags/{tag} (public, cached): any spelling of a tag; its answer follows article and 快訊 writes (it counts both), and is renewed as often as the lists it heads. */
export function publicTagRoutes(service: TagsService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api/tags' });
  router.get('/:tag', async (ctx) => {
    // The router has decoded the segment once; tagFromParam decodes again, so it gets the segment re-encoded.
    const key = tagFromParam(encodeURIComponent(ctx.params.tag!));
    if (!key) throw new ValidationError('tag', '標籤格式不正確');
    await respondCached(ctx, responder, `tag:${key}`, ['articles', FLASH_DEP], async () => ({ value: await service.publicTag(key) }), VIEW_FIGURES_MAX_AGE_MS);
  });
  return router;
}
