import type { Context, Middleware } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { ForbiddenError } from '@coinmag/service-kit';
import { isAdminPath } from './paths.js';
import { isAdminPagePath } from '@coinmag/rules';

/** Auth endpoints under /api/admin/ (login, verify, session, logout, password, stats): back office only. */
export function isAdminApiPath(path: string): boolean {
  return isAdminPath(path) || /^\/api\/admin(\/|$)/i.test(path.replace(/\/{2,}/g, '/'));
}

/** What the back office itself loads besides its pages and API: built code, images, health. */
const SHARED = /^\/(mf|uploads|api\/uploads\/test|healthz|readyz|api\/csp-report)(\/|$)/i;

/** Origins the back office's own requests come from: the admin origin, else this site's. */
export function adminOrigins(ctx: Context, adminOrigin: string | undefined, siteOrigin: string | undefined): string[] {
  if (adminOrigin) return [adminOrigin.toLowerCase()];
  return [...new Set([ctx.origin.toLowerCase(), ...(siteOrigin ? [siteOrigin.toLowerCase()] : [])])];
}

/**
 * With ADMIN_ORIGIN set, the back office and its API live on that origin alone: the public
 * origin answers admin API calls with 403 and sends /admin pages over; the admin origin serves
 * no public page (ad code never runs there) and sends those to SITE_ORIGIN.
 */
export function splitAdminOrigin(adminOrigin: string | undefined, siteOrigin: string | undefined): Middleware {
  if (!adminOrigin) return (_ctx, next) => next();
  const admin = new URL(adminOrigin);
  return async (ctx, next) => {
    const onAdminHost = ctx.host.toLowerCase() === admin.host.toLowerCase();
    const path = ctx.path;
    if (!onAdminHost) {
      if (isAdminApiPath(path)) throw new ForbiddenError(API_MESSAGES.adminOriginOnly);
      if (isAdminPagePath(path)) {
        ctx.status = 308;
        ctx.redirect(`${admin.origin}${ctx.url}`);
        return;
      }
      return next();
    }
    if (isAdminPagePath(path) || isAdminApiPath(path) || SHARED.test(path)) return next();
    if (path.startsWith('/api/')) {
      // Public reads the editor may make are fine; nothing else of the public site is here.
      if (ctx.method === 'GET' || ctx.method === 'HEAD') return next();
      throw new ForbiddenError(API_MESSAGES.adminOriginOnly);
    }
    ctx.status = 308;
    ctx.redirect(siteOrigin ? `${siteOrigin.replace(/\/$/, '')}${ctx.url}` : '/admin');
  };
}
