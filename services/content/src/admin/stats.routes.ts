import { adminRouter } from './admin-router.js';
import type { StatsService } from './stats.service.js';

/** GET /api/admin/stats: the dashboard's six figures. */
export function adminStatsRoutes(service: StatsService, publicKey: string) {
  const router = adminRouter('/api/admin/stats', publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await service.figures();
  });
  return router;
}
