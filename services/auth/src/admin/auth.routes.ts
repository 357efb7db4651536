import Router from '@koa/router';
import type { Context } from 'koa';
import { API_MESSAGES, AUTH_PATHS, auditSliceQuerySchema, loginRequestSchema, passwordChangeSchema } from '@coinmag/contracts';
import { bearerToken, parseInput, readJsonBody, UnauthorizedError } from '@coinmag/service-kit';
import type { AuthService } from './auth.service.js';

export const LOGIN_PATH = AUTH_PATHS.login;
export const VERIFY_PATH = AUTH_PATHS.verify;
export const PASSWORD_PATH = AUTH_PATHS.password;
/** Not routed by the gateway: the content service reads it to merge the back office's log. */
export const AUDIT_PATH = '/internal/audit-events';
export const SESSION_PATH = AUTH_PATHS.session;
export const LOGOUT_PATH = AUTH_PATHS.logout;

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
