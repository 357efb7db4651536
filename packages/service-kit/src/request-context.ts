import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from './logger.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
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
      if (ctx.path !== '/healthz' && ctx.path !== '/readyz') {
        ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
