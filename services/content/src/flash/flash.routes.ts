import Router from '@koa/router';
import { FLASH_DEP, FLASH_MESSAGES, flashListQuerySchema } from '@coinmag/contracts';
import { tagKey } from '@coinmag/rules';
import { NotFoundError, parseInput } from '@coinmag/service-kit';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { CacheNamespace } from '../cache/response-cache.js';
import type { FlashService } from './flash.service.js';

/** Items show their 「完整報導」 article while it is public, so they follow article writes too. */
const FLASH_DEPS: CacheNamespace[] = [FLASH_DEP, 'articles'];

/**
 * GET /api/flash (a page, cursor pager), /api/flash/live (what open pages poll: one answer for
 * every reader, revalidated on each poll) and /api/flash/{id}; public and cached, dropped by
 * exactly a flash write (or an article write, for the 「完整報導」 links).
 */
export function publicFlashRoutes(service: FlashService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api/flash' });
  router.get('/', async (ctx) => {
    const query = parseInput(flashListQuerySchema, ctx.query);
    const key = `flash:page:${query.cursor ?? ''}:${query.tag === undefined ? '' : tagKey(query.tag)}`;
    await respondCached(ctx, responder, key, FLASH_DEPS, async () => ({ value: await service.page(query.cursor, query.tag) }));
  });
  router.get('/live', async (ctx) => {
    await respondCached(ctx, responder, 'flash:live', FLASH_DEPS, async () => ({ value: await service.live() }));
    // The gateway keeps it until a flash write; a browser asks again each poll (a 304 when unchanged).
    ctx.set('Cache-Control', 'public, no-cache');
  });
  router.get('/:id', async (ctx) => {
    const raw = ctx.params.id!;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new NotFoundError(FLASH_MESSAGES.notFound);
    const id = Number(raw);
    await respondCached(ctx, responder, `flash:item:${id}`, FLASH_DEPS, async () => ({ value: await service.getPublic(id) }));
  });
  return router;
}
