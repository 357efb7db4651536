import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from './logger.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

/**
 * Successful public reads are the bulk of the traffic and say nothing in an outage: they are
 * logged at debug. Writes, admin calls and refusals at info; server errors at error.
 */
function levelOf(ctx: Context): 'debug' | 'info' | 'error' {
  if (ctx.status >= 500) return 'error';
  const read = ctx.method === 'GET' || ctx.method === 'HEAD' || (ctx.method === 'POST' && ctx.path.endsWith('/views'));
  if (read && ctx.status < 400 && !ctx.path.startsWith('/api/admin')) return 'debug';
  return 'info';
}

/** Takes the gateway's request id (or makes one), logs one line per request with its duration. */
export function requestContext(log: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ requestId });
    ctx.set(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      if (!UNLOGGED.has(ctx.path)) {
        const level = levelOf(ctx);
        if (log.isLevelEnabled(level)) ctx.state.log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
