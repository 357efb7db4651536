import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
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
export function requestLogLevel(method: string, path: string, status: number): 'debug' | 'info' | 'error' {
  if (status >= 500) return 'error';
  const read = method === 'GET' || method === 'HEAD' || (method === 'POST' && path.endsWith('/views'));
  if (read && status < 400 && !path.startsWith('/api/admin')) return 'debug';
  return 'info';
}

/** The request id a request goes by: the one it came with when well-formed, else a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Takes the gateway's request id (or makes one), logs one line per request with its duration. */
export function requestContext(log: Logger): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdFrom(ctx.req.headers[REQUEST_ID_HEADER]);
    ctx.state.requestId = requestId;
    // The child logger is made when first used: a successful read usually logs nothing.
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (child ??= log.child({ requestId })),
      set: (value: Logger) => (child = value),
    });
    ctx.set(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      if (!UNLOGGED.has(ctx.path)) {
        const level = requestLogLevel(ctx.method, ctx.path, ctx.status);
        if (log.isLevelEnabled(level)) ctx.state.log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
