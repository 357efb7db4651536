import { FLASH_ADMIN_PATH, flashInputSchema, flashRestoreSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { FlashService } from './flash.service.js';

/** /api/admin/flash… : the recent list, one item, its revisions and their restore, create, update (pin included), delete. */
export function adminFlashRoutes(service: FlashService, publicKey: string) {
  const router = adminRouter(FLASH_ADMIN_PATH, publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await service.listRecent();
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await service.get(idParam(ctx.params.id));
  });
  router.get('/:id/revisions', async (ctx) => {
    ctx.body = await service.revisions(idParam(ctx.params.id));
  });
  router.post('/:id/revisions/:revisionId/restore', async (ctx) => {
    const id = idParam(ctx.params.id);
    const revisionId = idParam(ctx.params.revisionId);
    const { version } = parseInput(flashRestoreSchema, await readJsonBody(ctx, 1024));
    ctx.body = await service.restore(id, revisionId, { ip: ctx.ip || null, ...(version !== undefined ? { version } : {}) });
  });
  router.post('/', async (ctx) => {
    const input = parseInput(flashInputSchema, await readJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await service.create(input, ctx.ip || null);
  });
  router.put('/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await service.update(id, parseInput(flashInputSchema, await readJsonBody(ctx)), ctx.ip || null);
  });
  router.delete('/:id', async (ctx) => {
    await service.delete(idParam(ctx.params.id), ctx.ip || null);
    ctx.body = { message: '已刪除' };
  });
  return router;
}
