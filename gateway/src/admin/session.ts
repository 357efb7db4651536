import type { Context } from 'koa';
import { API_MESSAGES, type LoginResponse } from '@coinmag/contracts';
import { FORWARDING_SECRET_HEADER, REQUEST_ID_HEADER, ServiceUnavailableError } from '@coinmag/service-kit';
import { clearSessionCookie, setSessionCookie } from './cookie.js';
import { readBodyWithin } from '../limits/read-body.js';

/** Login and password bodies are a few hundred bytes; anything past this is refused here, before auth. */
export const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * Bearer clients (scripts, tests) that sign in with this header get the token in the login
 * answer as well as the cookie. Browsers never send it: the back office reads no token.
 */
export const TOKEN_DELIVERY_HEADER = 'x-token-delivery';

/**
 * Reads a sign-in or password body up to `limit` bytes, all of it within `deadlineMs`: more is
 * 413 (also when sent chunked, without a length), a trickle 408 (limits/read-body).
 */
export function readLimitedBody(ctx: Context, deadlineMs: number, limit = AUTH_BODY_LIMIT): Promise<Buffer> {
  return readBodyWithin(ctx.req, limit, deadlineMs);
}

export interface AuthAnswer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

export interface AuthCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  token?: string;
  body?: Buffer;
  contentType?: string;
}

/** Asks the auth service directly (never through the proxy): bearer token, client address, request id. */
export function authCaller(authUrl: string, timeoutMs: number) {
  return async (ctx: Context, call: AuthCall): Promise<AuthAnswer> => {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: ctx.state.requestId, 'x-forwarded-for': ctx.ip, accept: 'application/json' };
    if (ctx.forwardingSecret) headers[FORWARDING_SECRET_HEADER] = ctx.forwardingSecret;
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.body) headers['content-type'] = call.contentType || 'application/octet-stream';
    let res: Response;
    try {
      res = await fetch(new URL(call.path, authUrl), { method: call.method, headers, body: call.body ? new Uint8Array(call.body) : undefined, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
    }
    const text = await res.text().catch(() => '');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = { error: API_MESSAGES.badGateway };
    }
    return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
  };
}

/** Answers the browser with what auth said, minus the token, which becomes the session cookie. */
export function answerWithSession(ctx: Context, answer: AuthAnswer, secure: boolean, revealToken: boolean): void {
  ctx.set('Cache-Control', 'no-store');
  if (answer.retryAfter) ctx.set('Retry-After', answer.retryAfter);
  ctx.status = answer.status;
  if (answer.status === 204) return;
  if (answer.status !== 200 || !answer.body || typeof answer.body !== 'object') {
    if (answer.status === 401) clearSessionCookie(ctx, secure);
    ctx.body = answer.body ?? { error: API_MESSAGES.badGateway };
    return;
  }
  const { token, ...rest } = answer.body as LoginResponse & Record<string, unknown>;
  if (typeof token === 'string' && typeof rest.expiresAt === 'string') setSessionCookie(ctx, token, rest.expiresAt, secure);
  ctx.body = revealToken && token ? { token, ...rest } : rest;
}
