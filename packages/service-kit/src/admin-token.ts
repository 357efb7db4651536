import jwt from 'jsonwebtoken';
import { API_MESSAGES } from '@coinmag/contracts';
import type { Middleware } from 'koa';
import { UnauthorizedError } from './errors.js';
import type { TokenConfirmer } from './token-confirm.js';

/** Claims of an admin token; the auth service signs them, everyone else only verifies. */
export const TOKEN_ISSUER = 'coinmag-auth';
export const TOKEN_AUDIENCE = 'coinmag-admin';
export const TOKEN_ALGORITHM = 'ES256';

export interface AdminPrincipal {
  id: number;
  username: string;
  /** Bumped by a password change; the auth service refuses tokens of an older version. */
  tokenVersion: number;
  /** The sign-in session the token belongs to (claim `sid`); ending it ends every token of it. */
  sessionId?: string;
}

declare module 'koa' {
  interface DefaultState {
    admin?: AdminPrincipal;
  }
}

const UNAUTHORIZED = API_MESSAGES.unauthorized;
const NOT_LOGGED_IN = API_MESSAGES.notLoggedIn;

/**
 * Verifies signature (ES256 only: `none` and every other algorithm are refused), issuer,
 * audience and expiry, and refuses an `iat` in the future. Throws UnauthorizedError.
 */
export function verifyAdminToken(token: string, publicKey: string, now = Date.now()): AdminPrincipal {
  let claims: jwt.JwtPayload;
  try {
    const decoded = jwt.verify(token, publicKey, { algorithms: [TOKEN_ALGORITHM], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, clockTimestamp: Math.floor(now / 1000) });
    if (typeof decoded === 'string') throw new Error('unexpected payload');
    claims = decoded;
  } catch {
    throw new UnauthorizedError(UNAUTHORIZED);
  }
  const nowSeconds = Math.floor(now / 1000);
  const id = Number(claims.sub);
  if (typeof claims.iat !== 'number' || claims.iat > nowSeconds + 5 || typeof claims.exp !== 'number') throw new UnauthorizedError(UNAUTHORIZED);
  if (!Number.isInteger(id) || id <= 0 || typeof claims.username !== 'string') throw new UnauthorizedError(UNAUTHORIZED);
  if (typeof claims.tv !== 'number' || !Number.isInteger(claims.tv) || claims.tv < 0) throw new UnauthorizedError(UNAUTHORIZED);
  if (claims.sid !== undefined && (typeof claims.sid !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(claims.sid))) throw new UnauthorizedError(UNAUTHORIZED);
  return { id, username: claims.username, tokenVersion: claims.tv, ...(claims.sid ? { sessionId: claims.sid as string } : {}) };
}

/** Signs the claims verifyAdminToken expects; only the auth service holds the private key. */
export function signAdminToken(admin: AdminPrincipal, privateKey: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const session = admin.sessionId ? { sid: admin.sessionId } : {};
  return jwt.sign({ username: admin.username, tv: admin.tokenVersion, ...session, iat, exp: iat + ttlSeconds }, privateKey, {
    algorithm: TOKEN_ALGORITHM,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    subject: String(admin.id),
  });
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}

interface ConfirmingContext {
  confirmAdminToken?: TokenConfirmer;
}

/**
 * Makes every requireAdmin of this app also ask `confirm` whether the token was revoked
 * (its version is the auth service's to know). runService wiring sets it in each service.
 */
export function confirmAdminTokensWith(app: { context: object }, confirm: TokenConfirmer): void {
  (app.context as ConfirmingContext).confirmAdminToken = confirm;
}

/**
 * Refuses the request with 401 unless it carries a valid admin token — signature, claims and,
 * where the app was given a confirmer, a token version that is still current; sets ctx.state.admin.
 */
export function requireAdmin(publicKey: string): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw new UnauthorizedError(ctx.get('authorization') ? UNAUTHORIZED : NOT_LOGGED_IN);
    ctx.state.admin = verifyAdminToken(token, publicKey);
    const confirm = (ctx as unknown as ConfirmingContext).confirmAdminToken;
    if (confirm) {
      const { exp } = jwt.decode(token) as jwt.JwtPayload;
      await confirm(token, (exp ?? 0) * 1000, ctx.state.requestId);
    }
    await next();
  };
}
