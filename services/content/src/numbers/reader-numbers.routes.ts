import Router from '@koa/router';
import { numbersQuerySchema, READER_NUMBERS_MAX_BYTES, READER_NUMBERS_PATH, readerNumbersBatchSchema } from '@coinmag/contracts';
import { addressesTrusted, ForbiddenError, parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter } from '../admin/admin-router.js';
import type { RedirectsService } from '../redirects/redirects.service.js';
import type { ReaderNumbersService } from './reader-numbers.service.js';

/** POST /internal/reader-numbers: a gateway's tally of searches, missing pages and redirects followed (only on the gateway's word). */
export function readerNumbersRoutes(service: ReaderNumbersService, redirects: RedirectsService): Router {
  const router = new Router();
  router.post(READER_NUMBERS_PATH, async (ctx) => {
    if (!addressesTrusted(ctx)) throw new ForbiddenError('只接受閘道送來的紀錄');
    const batch = parseInput(readerNumbersBatchSchema, await readJsonBody(ctx, READER_NUMBERS_MAX_BYTES));
    ctx.set('Cache-Control', 'no-store');
    const added = await service.add(batch);
    await redirects.addHits(batch.redirected);
    ctx.body = { ...added, redirected: batch.redirected.length };
  });
  return router;
}

/** GET /api/admin/numbers/searches and /missing: the back office's lists per period. */
export function adminReaderNumbersRoutes(service: ReaderNumbersService, publicKey: string): Router {
  const router = adminRouter('/api/admin/numbers', publicKey);
  router.get('/searches', async (ctx) => {
    ctx.body = await service.searches(parseInput(numbersQuerySchema, ctx.query));
  });
  router.get('/missing', async (ctx) => {
    ctx.body = await service.missing(parseInput(numbersQuerySchema, ctx.query));
  });
  return router;
}
