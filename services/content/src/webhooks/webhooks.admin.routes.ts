import { WEBHOOKS_ADMIN_PATH, webhookInputSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { WebhooksService } from './webhooks.service.js';

/** /api/admin/webhooks…: list, create, update, delete, a new secret, send a test, the delivery log (JSON bodies). */
export function adminWebhookRoutes(service: WebhooksService, publicKey: string) {
  const router = adminRouter(WEBHOOKS_ADMIN_PATH, publicKey);
  router.get('/', async (ctx) => {
    ctx.body = { endpoints: await service.list() };
  });
  router.post('/', async (ctx) => {
    const input = parseInput(webhookInputSchema, await readJsonBody(ctx, 16 * 1024));
    ctx.status = 201;
    ctx.body = await service.create(input, ctx.ip || null);
  });
  router.put('/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await service.update(id, parseInput(webhookInputSchema, await readJsonBody(ctx, 16 * 1024)), ctx.ip || null);
  });
  router.delete('/:id', async (ctx) => {
    await service.delete(idParam(ctx.params.id), ctx.ip || null);
    ctx.body = { message: '已刪除' };
  });
  router.post('/:id/secret', async (ctx) => {
    ctx.body = await service.regenerateSecret(idParam(ctx.params.id), ctx.ip || null);
  });
  router.post('/:id/test', async (ctx) => {
    await service.sendTest(idParam(ctx.params.id));
    ctx.status = 202;
    ctx.body = { message: '已排入傳送' };
  });
  router.get('/:id/deliveries', async (ctx) => {
    ctx.body = { deliveries: await service.deliveries(idParam(ctx.params.id)) };
  });
  return router;
}
