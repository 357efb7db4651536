import { settingsInputSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter } from '../admin/admin-router.js';
import type { SettingsService } from './settings.service.js';

/** GET/PUT /api/settings/admin: the six settings fields, each bounded. */
export function adminSettingsRoutes(service: SettingsService, publicKey: string) {
  const router = adminRouter('/api/settings/admin', publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await service.getForAdmin();
  });
  router.put('/', async (ctx) => {
    ctx.body = await service.update(parseInput(settingsInputSchema, await readJsonBody(ctx, 128 * 1024)), ctx.ip || null);
  });
  return router;
}
