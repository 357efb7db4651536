import { LEARNING_PATHS_ADMIN_PATH, learningPathInputSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { LearningPathsService } from './learning-paths.service.js';

/** /api/admin/learning-paths… : list, read, create, update, delete (JSON bodies). */
export function adminLearningPathRoutes(service: LearningPathsService, publicKey: string) {
  const router = adminRouter(LEARNING_PATHS_ADMIN_PATH, publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await service.listAll();
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await service.get(idParam(ctx.params.id));
  });
  router.post('/', async (ctx) => {
    const input = parseInput(learningPathInputSchema, await readJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await service.create(input, ctx.ip || null);
  });
  router.put('/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await service.update(id, parseInput(learningPathInputSchema, await readJsonBody(ctx)), ctx.ip || null);
  });
  router.delete('/:id', async (ctx) => {
    await service.delete(idParam(ctx.params.id), ctx.ip || null);
    ctx.body = { message: '已刪除' };
  });
  return router;
}
