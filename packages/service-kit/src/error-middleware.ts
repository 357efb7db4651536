import type { Context } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { HttpError } from './errors.js';
import type { Logger } from './logger.js';
import { isDependencyOutage } from './outage.js';

/** Long enough for a restart of Postgres or Redis to be over, short enough to retry soon. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: { error: string; field?: string };
}

/**
 * The one place failures become answers: `{"error": text}` with the right status, no stack.
 * A database or Redis that cannot be reached is a 503 with Retry-After (the health monitor logs
 * the outage once); anything else unexpected is a 500, logged with its stack.
 */
export function errorAnswer(err: unknown, log?: Pick<Logger, 'debug' | 'error'>): ErrorAnswer {
  if (err instanceof HttpError) return { status: err.status, headers: err.headers, body: err.field ? { error: err.message, field: err.field } : { error: err.message } };
  const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
  if (status >= 400 && status < 500 && (err as { expose?: boolean }).expose) return { status, headers: {}, body: { error: (err as Error).message } };
  if (isDependencyOutage(err)) {
    log?.debug({ err: (err as Error).message }, 'dependency unavailable');
    return { status: 503, headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) }, body: { error: API_MESSAGES.serviceUnavailable } };
  }
  log?.error({ err }, 'unhandled error');
  return { status: 500, headers: {}, body: { error: API_MESSAGES.serverError } };
}

/** Answers a failure as errorAnswer says (its status, headers and JSON body). */
export function answerError(ctx: Context, err: unknown): void {
  const answer = errorAnswer(err, ctx.state.log);
  ctx.status = answer.status;
  ctx.set(answer.headers);
  ctx.body = answer.body;
}

/** A route nothing answered is a JSON 404. */
export function answerNotFound(ctx: Context): void {
  if (ctx.status === 404 && ctx.body === undefined) {
    ctx.status = 404;
    ctx.body = { error: API_MESSAGES.notFound };
  }
}
