import type { Context, Middleware, Next } from 'koa';
import jwt from 'jsonwebtoken';
import { API_MESSAGES, AUTH_PATHS } from '@coinmag/contracts';
import { bearerToken, HttpError, isServiceGrantAuthorization, UnauthorizedError, verifyAdminToken } from '@coinmag/service-kit';
import { createConfirmedTokenCache } from './cache.js';
import { clearSessionCookie, isSecureRequest, readSessionCookie, withoutSessionCookies, type CookieSecurity } from './cookie.js';
import { assertAdminWrite, assertSameOrigin, isWrite } from './csrf.js';
import { adminOrigins, splitAdminOrigin } from './origin.js';
import { isAdminPath, normalisePath } from './paths.js';
import { answerWithSession, authCaller, confirmWithAuth, readLimitedBody, TOKEN_DELIVERY_HEADER } from './session.js';
import { urlList } from '../config.js';
import { UpstreamPool } from '../proxy/upstream-pool.js';

export interface AdminGuardOptions {
  /** ES256 public key of the auth service. */
  publicKey: string;
  /** The auth service's URL list (AUTH_URL), when no `authPool` is given. */
  authUrl?: string;
  /** The auth service's replicas (the proxy's pool for auth, app.ts servicePool): every call to auth goes over it. */
  authPool?: UpstreamPool;
  timeoutMs: number;
  /** How long a GET to auth waits for an auth that refuses every connection (restarting); default 0. */
  restartWaitMs?: number;
  /** How long a confirmation from the auth service is trusted; 0 asks every time. */
  confirmCacheMs: number;
  /** The back office's own origin (ADMIN_ORIGIN); the public origin then refuses admin calls. */
  adminOrigin?: string;
  /** The canonical public origin (SITE_ORIGIN). */
  siteOrigin?: string;
  /** 'always' (production): the cookie is Secure whatever the request says. */
  cookieSecurity?: CookieSecurity;
  /** How long a sign-in or password body may take to arrive in full (GATEWAY_BODY_TIMEOUT_S); default 2 s. */
  bodyTimeoutMs?: number;
}

const PATHS = AUTH_PATHS;

interface Credential {
  token?: string;
  /** From the session cookie (a browser), rather than an Authorization header (a script). */
  viaCookie: boolean;
  /** An Authorization header was sent, valid or not. */
  sentHeader: boolean;
}

/**
 * The gateway's side of the admin session.
 *
 * The browser holds the token only in an HttpOnly cookie (cookie.ts): the gateway
 * signs in, renews (POST /api/admin/session), ends (POST /api/admin/logout) and verifies with
 * the auth service itself and turns its token into that cookie; every admin call then goes to
 * the services with the cookie's token as a bearer header. Scripts may still send a bearer
 * header. Cookie-authenticated writes must come from our own origin with the back office's
 * header (csrf.ts). With ADMIN_ORIGIN set, all of this happens on that origin only.
 *
 * The token check has two steps. The signature, algorithm, issuer, audience, expiry and iat are
 * checked here with the public key, so forged or expired tokens never leave the gateway. The
 * signature cannot tell whether the password was changed or the session ended since, so the
 * token is then confirmed by the auth service's own GET /api/admin/verify and that answer is
 * trusted for `confirmCacheMs` (a few seconds) per token. The price: after a password change
 * or a logout, another gateway replica may accept an old token for at most that long; this
 * replica forgets the confirmations at once. Every call to auth goes over its replica pool
 * (session.ts authCaller), so a replica stopping in a rolling update costs no sign-in. Auth
 * unreachable means 503 (for a GET, after waiting up to `restartWaitMs` for it to come back).
 */
export function createAdminGuard(options: AdminGuardOptions): Middleware {
  const { publicKey, timeoutMs, confirmCacheMs, adminOrigin, siteOrigin, bodyTimeoutMs = 2_000 } = options;
  const security = options.cookieSecurity ?? 'auto';
  const confirmed = createConfirmedTokenCache(confirmCacheMs);
  const pool = options.authPool ?? new UpstreamPool(urlList(options.authUrl ?? ''));
  const callAuth = authCaller(pool, { timeoutMs, restartWaitMs: options.restartWaitMs });
  const split = splitAdminOrigin(adminOrigin, siteOrigin);

  const credentialOf = (ctx: Context, secure: boolean): Credential => {
    const header = ctx.get('authorization');
    if (header) return { token: bearerToken(header), viaCookie: false, sentHeader: true };
    const cookie = readSessionCookie(ctx, secure);
    return { token: cookie, viaCookie: Boolean(cookie), sentHeader: false };
  };

  const requireToken = (credential: Credential): string => {
    if (!credential.token) throw new UnauthorizedError(credential.sentHeader ? API_MESSAGES.unauthorized : API_MESSAGES.notLoggedIn);
    return credential.token;
  };

  /** A refused cookie is dropped from the browser along with the 401. */
  const refusingCookie = async <T>(ctx: Context, credential: Credential, secure: boolean, check: () => Promise<T> | T): Promise<T> => {
    try {
      return await check();
    } catch (err) {
      if (credential.viaCookie && err instanceof HttpError && err.status === 401) clearSessionCookie(ctx, secure);
      throw err;
    }
  };

  const guard = async (ctx: Context, next: Next) => {
    // A service grant is the services' own credential among themselves (service-kit
    // service-grant.ts): from outside it is refused on every path, never passed on.
    if (isServiceGrantAuthorization(ctx.get('authorization'))) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    const secure = isSecureRequest(ctx, security);
    const origins = adminOrigins(ctx, adminOrigin, siteOrigin);
    const credential = credentialOf(ctx, secure);
    // The services never see the credential as a cookie.
    const cookies = withoutSessionCookies(ctx.req.headers.cookie);
    if (cookies === undefined) delete ctx.req.headers.cookie;
    else ctx.req.headers.cookie = cookies;

    const path = normalisePath(ctx.path);
    const method = ctx.method;

    if (path === PATHS.login && method === 'POST') {
      assertSameOrigin(ctx, origins);
      const body = await readLimitedBody(ctx, bodyTimeoutMs);
      const answer = await callAuth(ctx, { method: 'POST', path: PATHS.login, body, contentType: ctx.get('content-type') });
      answerWithSession(ctx, answer, secure, ctx.get(TOKEN_DELIVERY_HEADER).toLowerCase() === 'body');
      return;
    }
    if (path === PATHS.verify && method === 'GET') {
      const token = await refusingCookie(ctx, credential, secure, () => requireToken(credential));
      const answer = await callAuth(ctx, { method: 'GET', path: PATHS.verify, token });
      answerWithSession(ctx, answer, secure, false);
      return;
    }
    if (path === PATHS.session && method === 'POST') {
      const token = await refusingCookie(ctx, credential, secure, () => requireToken(credential));
      if (credential.viaCookie) assertAdminWrite(ctx, origins);
      const answer = await callAuth(ctx, { method: 'POST', path: PATHS.session, token });
      answerWithSession(ctx, answer, secure, !credential.viaCookie);
      return;
    }
    if (path === PATHS.logout && method === 'POST') {
      if (credential.viaCookie) assertAdminWrite(ctx, origins);
      try {
        if (credential.token) {
          confirmed.forget(credential.token);
          await callAuth(ctx, { method: 'POST', path: PATHS.logout, token: credential.token });
        }
      } finally {
        // Whatever auth said, this browser holds no session afterwards.
        clearSessionCookie(ctx, secure);
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 204;
      return;
    }
    if (!isAdminPath(ctx.path)) return next();

    const token = await refusingCookie(ctx, credential, secure, async () => {
      const found = requireToken(credential);
      if (credential.viaCookie && isWrite(method)) assertAdminWrite(ctx, origins);
      ctx.state.admin = verifyAdminToken(found, publicKey);
      if (!confirmed.has(found)) {
        await confirmWithAuth(callAuth, ctx, PATHS.verify, found);
        const { exp } = jwt.decode(found) as jwt.JwtPayload;
        confirmed.add(found, (exp ?? 0) * 1000);
      }
      return found;
    });

    if (path === PATHS.password && method === 'PUT') {
      const body = await readLimitedBody(ctx, bodyTimeoutMs);
      const answer = await callAuth(ctx, { method: 'PUT', path: PATHS.password, token, body, contentType: ctx.get('content-type') });
      // Every older token is void now: forget what this replica confirmed.
      if (answer.status === 200) confirmed.clear();
      answerWithSession(ctx, answer, secure, !credential.viaCookie);
      return;
    }
    ctx.req.headers.authorization = `Bearer ${token}`;
    await next();
  };

  return (ctx, next) => split(ctx, () => guard(ctx, next));
}
