import { adminRouter } from './admin-router.js';
import type { StatsRepository } from './stats.repository.js';

/** GET /api/admin/stats: the dashboard's six figures. */
export function adminStatsRoutes(stats: StatsRepository, publicKey: string) {
  const router = adminRouter('/api/admin/stats', publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await stats.stats();
  });
  return router;
}
