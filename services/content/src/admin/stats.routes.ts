import { adminRouter } from './admin-router.js';
import type { ViewCounter } from '../views/view-counter.js';
import type { StatsRepository } from './stats.repository.js';

/** GET /api/admin/stats: the dashboard's six figures. */
export function adminStatsRoutes(stats: StatsRepository, views: ViewCounter, publicKey: string) {
  const router = adminRouter('/api/admin/stats', publicKey);
  router.get('/', async (ctx) => {
    const [figures, pending] = await Promise.all([stats.stats(), views.pendingTotal()]);
    ctx.body = { ...figures, totalViews: figures.totalViews + pending };
  });
  return router;
}
