import { auditQuerySchema } from '@coinmag/contracts';
import { parseInput } from '@coinmag/service-kit';
import { adminRouter } from '../admin/admin-router.js';
import type { AuditService } from './audit.service.js';

/** GET /api/admin/audit: the back office's log, filtered by kind and Taipei dates, paginated. */
export function adminAuditRoutes(service: AuditService, publicKey: string) {
  const router = adminRouter('/api/admin/audit', publicKey);
  router.get('/', async (ctx) => {
    ctx.body = await service.list(parseInput(auditQuerySchema, ctx.query), ctx.get('authorization'));
  });
  return router;
}
