import type { Middleware } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { HttpError } from './errors.js';
import { isDependencyOutage } from './outage.js';

/** Long enough for a restart of Postgres or Redis to be over, short enough to retry soon. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The one place failures become responses: `{"error": text}` with the right status, no stack.
 * A database or Redis that cannot be reached is a 503 with Retry-After (the health monitor logs
 * the outage once); anything else unexpected is a 500, logged with its stack.
 */
export function errorMiddleware(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: API_MESSAGES.notFound };
      }
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.set(err.headers);
        ctx.body = err.field ? { error: err.message, field: err.field } : { error: err.message };
        return;
      }
      const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
      if (status >= 400 && status < 500 && (err as { expose?: boolean }).expose) {
        ctx.status = status;
        ctx.body = { error: (err as Error).message };
        return;
      }
      if (isDependencyOutage(err)) {
        ctx.state.log?.debug({ err: (err as Error).message }, 'dependency unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
        ctx.body = { error: API_MESSAGES.serviceUnavailable };
        return;
      }
      ctx.state.log?.error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: API_MESSAGES.serverError };
    }
  };
}
