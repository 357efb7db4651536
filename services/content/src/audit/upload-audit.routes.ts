import { UPLOAD_AUDIT_PATH, uploadAuditSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter } from '../admin/admin-router.js';
import type { AuditService } from './audit.service.js';

/**
 * POST /internal/audit-events/uploads: the media service records an upload here before it
 * answers the admin. The admin's own token authorises it (this service never trusts a caller
 * for being inside the network); the request id makes the media service's retries idempotent:
 * 201 when added, 200 when that request was already recorded.
 */
export function uploadAuditRoutes(service: AuditService, publicKey: string) {
  const router = adminRouter(UPLOAD_AUDIT_PATH, publicKey);
  router.post('/', async (ctx) => {
    const entry = parseInput(uploadAuditSchema, await readJsonBody(ctx, 4096));
    const added = await service.recordUpload(entry, ctx.state.admin?.username ?? 'admin', ctx.state.requestId);
    ctx.status = added ? 201 : 200;
    ctx.body = { recorded: true };
  });
  return router;
}
