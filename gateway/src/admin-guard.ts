import type { Middleware } from 'koa';
import jwt from 'jsonwebtoken';
import { API_MESSAGES } from '@coinmag/contracts';
import { bearerToken, REQUEST_ID_HEADER, ServiceUnavailableError, UnauthorizedError, verifyAdminToken } from '@coinmag/service-kit';
import { createConfirmedTokenCache } from './admin-guard-cache.js';
import { isAdminPath, normalisePath } from './admin-guard-paths.js';

export interface AdminGuardOptions {
  /** ES256 public key of the auth service. */
  publicKey: string;
  authUrl: string;
  timeoutMs: number;
  /** How long a confirmation from the auth service is trusted; 0 asks every time. */
  confirmCacheMs: number;
}

const PASSWORD_PATH = '/api/admin/password';

/**
 * Lets a request to an admin path through only with a valid admin token.
 *
 * Two steps. The signature, algorithm, issuer, audience, expiry and iat are checked here
 * with the public key, so forged or expired tokens never leave the gateway. The signature
 * cannot tell whether the password was changed since (the token version lives in the auth
 * database), so the token is then confirmed by the auth service's own GET /api/admin/verify
 * and that answer is trusted for `confirmCacheMs` (a few seconds) per token. The price: after
 * a password change, another gateway replica may accept an old token for at most that long.
 * This replica forgets every confirmation as soon as a password change passes through it.
 * Auth unreachable means 503: an unconfirmed token is never let through.
 */
export function createAdminGuard({ publicKey, authUrl, timeoutMs, confirmCacheMs }: AdminGuardOptions): Middleware {
  const confirmed = createConfirmedTokenCache(confirmCacheMs);
  const verifyUrl = new URL('/api/admin/verify', authUrl).toString();

  const confirmWithAuth = async (token: string, requestId: string) => {
    let status: number;
    try {
      const res = await fetch(verifyUrl, {
        headers: { authorization: `Bearer ${token}`, [REQUEST_ID_HEADER]: requestId },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      await res.body?.cancel();
    } catch {
      throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
    }
    if (status === 401) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    if (status !== 200) throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
  };

  return async (ctx, next) => {
    if (!isAdminPath(ctx.path)) return next();
    const header = ctx.get('authorization');
    const token = bearerToken(header);
    if (!token) throw new UnauthorizedError(header ? API_MESSAGES.unauthorized : API_MESSAGES.notLoggedIn);
    ctx.state.admin = verifyAdminToken(token, publicKey);
    if (!confirmed.has(token)) {
      await confirmWithAuth(token, ctx.state.requestId);
      const { exp } = jwt.decode(token) as jwt.JwtPayload;
      confirmed.add(token, (exp ?? 0) * 1000);
    }
    const changesPassword = normalisePath(ctx.path) === PASSWORD_PATH;
    try {
      await next();
    } finally {
      if (changesPassword) confirmed.clear();
    }
  };
}
