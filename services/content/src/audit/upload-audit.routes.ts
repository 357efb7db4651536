import Router from '@koa/router';
import { API_MESSAGES, UPLOAD_AUDIT_PATH, uploadAuditSchema } from '@coinmag/contracts';
import { actingAdmin, parseInput, readJsonBody, requireAdminOrGrant, UnauthorizedError, type ServiceGrant } from '@coinmag/service-kit';
import type { AuditService } from './audit.service.js';

/**
 * POST /internal/audit-events/uploads: the media service records an upload here before it
 * answers the admin. The admin's own token authorises it (this service never trusts a caller
 * for being inside the network), or, for the WordPress image import, the service grant the
 * upload carried (service-kit service-grant.ts, signed with FORWARDING_SECRET), which names the
 * admin who confirmed the import and the import: it counts only if `redeemGrant` (the import's
 * ledger, wordpress-image-grants.ts) says this service issued it for a running job, else 401,
 * which fails the upload in media. The entry names the admin either way, and the import for a
 * grant. The request id makes the media service's retries idempotent: 201 when added, 200 when
 * that request was already recorded.
 */
export function uploadAuditRoutes(service: AuditService, publicKey: string, grantSecret?: string, redeemGrant?: (grant: ServiceGrant, requestId: string) => Promise<boolean>) {
  const router = new Router({ prefix: UPLOAD_AUDIT_PATH });
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.use(requireAdminOrGrant(publicKey, grantSecret, 'wordpress-images'));
  router.post('/', async (ctx) => {
    const entry = parseInput(uploadAuditSchema, await readJsonBody(ctx, 4096));
    const grant = ctx.state.grant;
    if (grant && !(redeemGrant && (await redeemGrant(grant, ctx.state.requestId)))) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    const summary = grant ? `WordPress 匯入 #${grant.job}：${entry.summary}` : entry.summary;
    const added = await service.recordUpload({ ...entry, summary }, actingAdmin(ctx.state) ?? 'admin', ctx.state.requestId);
    ctx.status = added ? 201 : 200;
    ctx.body = { recorded: true };
  });
  return router;
}
