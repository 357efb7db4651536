import type { Context } from 'koa';
import { API_MESSAGES, type LoginResponse } from '@coinmag/contracts';
import { FORWARDING_SECRET_HEADER, REQUEST_ID_HEADER, ServiceUnavailableError, UnauthorizedError } from '@coinmag/service-kit';
import { clearSessionCookie, setSessionCookie } from './cookie.js';
import { readBodyWithin } from '../limits/read-body.js';
import { sendBuffered } from '../proxy/send.js';
import { IDEMPOTENT, type UpstreamPool } from '../proxy/upstream-pool.js';

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

/** Auth's answers are a few hundred bytes (a token, expiry times, an error). */
const AUTH_ANSWER_LIMIT = 64 * 1024;

export interface AuthCallerOptions {
  /** The whole exchange, every replica asked included. */
  timeoutMs: number;
  /** How long a question without side effect (GET) waits for an auth that refuses every connection (restarting). */
  restartWaitMs?: number;
}

/**
 * Asks the auth service itself (never through the proxy), over its replica pool with the proxy's
 * rules for sending again (proxy/send.ts): a call that never reached a replica (connection
 * refused, or not made in time) goes to another one, a sign-in too; a GET is also asked again
 * when its connection is cut. Bearer token, client address and request id go with it; no replica
 * reached, or no answer in time, is 503.
 */
export function authCaller(pool: UpstreamPool, { timeoutMs, restartWaitMs = 0 }: AuthCallerOptions) {
  return async (ctx: Context, call: AuthCall): Promise<AuthAnswer> => {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: ctx.state.requestId, 'x-forwarded-for': ctx.ip, accept: 'application/json' };
    if (ctx.forwardingSecret) headers[FORWARDING_SECRET_HEADER] = ctx.forwardingSecret;
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.body) {
      headers['content-type'] = call.contentType || 'application/octet-stream';
      headers['content-length'] = String(call.body.length);
    }
    const waitForRestartMs = IDEMPOTENT.has(call.method) ? Math.min(restartWaitMs, timeoutMs) : 0;
    let answer: Awaited<ReturnType<typeof sendBuffered>>;
    try {
      answer = await sendBuffered(
        pool,
        { method: call.method, path: call.path, headers, body: call.body ?? null, timeoutMs, signal: AbortSignal.timeout(timeoutMs) },
        { waitForRestartMs },
        AUTH_ANSWER_LIMIT,
      );
    } catch {
      throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
    }
    const text = answer.body.toString('utf8');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = { error: API_MESSAGES.badGateway };
    }
    const retryAfter = answer.headers['retry-after'];
    return { status: answer.status, body, retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null };
  };
}

export type AuthCaller = ReturnType<typeof authCaller>;

/** A replica draining during a rolling update answers 503: the question (no side effect) is asked again, twice at most. */
const CONFIRM_ATTEMPTS = 3;
const CONFIRM_PAUSE_MS = 100;

/**
 * Asks auth's GET /api/admin/verify whether the token is still good. Resolves on 200; 401 is
 * UnauthorizedError; any other answer, or none, ServiceUnavailableError: a token is never passed
 * because auth could not be asked.
 */
export async function confirmWithAuth(callAuth: AuthCaller, ctx: Context, verifyPath: string, token: string): Promise<void> {
  let status = 0;
  for (let attempt = 1; attempt <= CONFIRM_ATTEMPTS; attempt += 1) {
    status = (await callAuth(ctx, { method: 'GET', path: verifyPath, token })).status;
    if (status !== 503) break;
    if (attempt < CONFIRM_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, CONFIRM_PAUSE_MS));
  }
  if (status === 200) return;
  if (status === 401) throw new UnauthorizedError(API_MESSAGES.unauthorized);
  throw new ServiceUnavailableError(API_MESSAGES.serviceUnavailable);
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
