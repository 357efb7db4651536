import { categoryInputSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { CategoriesService } from './categories.service.js';

/** /api/categories/admin… : list, read, create, update, delete (JSON bodies). */
export function adminCategoryRoutes(service: CategoriesService, publicKey: string) {
  const router = adminRouter('/api/categories/admin', publicKey);
  router.get('/all', async (ctx) => {
    ctx.body = await service.listAll();
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await service.get(idParam(ctx.params.id));
  });
  router.post('/', async (ctx) => {
    const input = parseInput(categoryInputSchema, await readJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await service.create(input, ctx.ip || null);
  });
  router.put('/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    // The list's toggle resends the whole category (id, slug …): unknown keys are dropped.
    ctx.body = await service.update(id, parseInput(categoryInputSchema, await readJsonBody(ctx)), ctx.ip || null);
  });
  router.delete('/:id', async (ctx) => {
    await service.delete(idParam(ctx.params.id), ctx.ip || null);
    ctx.body = { message: '已刪除' };
  });
  return router;
}
