import Router from '@koa/router';
import type { Context } from 'koa';
import { API_MESSAGES, auditSliceQuerySchema, loginRequestSchema, passwordChangeSchema } from '@coinmag/contracts';
import { bearerToken, parseInput, readJsonBody, UnauthorizedError } from '@coinmag/service-kit';
import type { AuthService } from './auth.service.js';

export const LOGIN_PATH = '/api/admin/login';
export const VERIFY_PATH = '/api/admin/verify';
export const PASSWORD_PATH = '/api/admin/password';
/** Not routed by the gateway: the content service reads it to merge the back office's log. */
export const AUDIT_PATH = '/internal/audit-events';
/** POST: a fresh token for the session (silent renewal while the admin is active). */
export const SESSION_PATH = '/api/admin/session';
/** POST: ends the session server-side. */
export const LOGOUT_PATH = '/api/admin/logout';

function requiredToken(ctx: Context): string {
  const header = ctx.get('authorization');
  const token = bearerToken(header);
  if (!token) throw new UnauthorizedError(header ? API_MESSAGES.unauthorized : API_MESSAGES.notLoggedIn);
  return token;
}

export function authRoutes(auth: AuthService): Router {
  const router = new Router();

  router.get(LOGIN_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auth.loginHint();
  });

  router.post(LOGIN_PATH, async (ctx) => {
    const { username, password } = parseInput(loginRequestSchema, await readJsonBody(ctx, 16 * 1024));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auth.login({ username, password, ip: ctx.ip, action: LOGIN_PATH });
  });

  router.get(VERIFY_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auth.verify(requiredToken(ctx));
  });

  router.post(SESSION_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auth.renew(requiredToken(ctx));
  });

  router.post(LOGOUT_PATH, async (ctx) => {
    await auth.logout(bearerToken(ctx.get('authorization')), ctx.ip);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  router.put(PASSWORD_PATH, async (ctx) => {
    const token = requiredToken(ctx);
    const { currentPassword, newPassword } = parseInput(passwordChangeSchema, await readJsonBody(ctx, 16 * 1024));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auth.changePassword({ token, currentPassword, newPassword, ip: ctx.ip, action: PASSWORD_PATH });
  });

  router.get(AUDIT_PATH, async (ctx) => {
    const token = requiredToken(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auth.auditSlice(token, parseInput(auditSliceQuerySchema, ctx.query));
  });

  return router;
}
