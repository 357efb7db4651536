import Router from '@koa/router';
import { UPLOAD_AUDIT_PATH, uploadAuditSchema } from '@coinmag/contracts';
import { actingAdmin, parseInput, readJsonBody, requireAdminOrGrant } from '@coinmag/service-kit';
import type { AuditService } from './audit.service.js';

/**
 * POST /internal/audit-events/uploads: the media service records an upload here before it
 * answers the admin. The admin's own token authorises it (this service never trusts a caller
 * for being inside the network), or, for the WordPress image import, the service grant the
 * upload carried (service-kit service-grant.ts, signed with FORWARDING_SECRET), which names the
 * admin who confirmed the import; the entry names that admin either way. The request id makes the
 * media service's retries idempotent: 201 when added, 200 when that request was already recorded.
 */
export function uploadAuditRoutes(service: AuditService, publicKey: string, grantSecret?: string) {
  const router = new Router({ prefix: UPLOAD_AUDIT_PATH });
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.use(requireAdminOrGrant(publicKey, grantSecret, 'wordpress-images'));
  router.post('/', async (ctx) => {
    const entry = parseInput(uploadAuditSchema, await readJsonBody(ctx, 4096));
    const added = await service.recordUpload(entry, actingAdmin(ctx.state) ?? 'admin', ctx.state.requestId);
    ctx.status = added ? 201 : 200;
    ctx.body = { recorded: true };
  });
  return router;
}
