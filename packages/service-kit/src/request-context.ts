import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { answerError, answerNotFound } from './error-middleware.js';
import type { Logger } from './logger.js';
import type { ServiceRuntime } from './service-app.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;
/** The chassis's own routes: neither logged nor counted. */
const OWN_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

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

/**
 * A request's `ctx.state`: its id, and its log, a child logger made when first used (a
 * successful read usually logs nothing). A class, so each request costs one object, not
 * accessors defined on a plain one.
 */
export class RequestState {
  readonly requestId: string;
  readonly #base: Logger;
  #log: Logger | undefined;

  constructor(requestId: string, base: Logger) {
    this.requestId = requestId;
    this.#base = base;
  }

  get log(): Logger {
    return (this.#log ??= this.#base.child({ requestId: this.requestId }));
  }

  set log(value: Logger) {
    this.#log = value;
  }
}

/** Starts a request: its state (keeping what earlier middleware put on ctx.state) and its start time. */
export function openRequest(ctx: Context, state: RequestState): number {
  ctx.state = Object.assign(state, ctx.state);
  return performance.now();
}

/** Ends a request: its log line and its metrics, both with the status it was answered with. */
export function closeRequest(ctx: Context, runtime: ServiceRuntime, started: number): void {
  const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  recordRequest(runtime, ctx.state, ctx.method, ctx.path, ctx.status, typeof route === 'string' ? route : 'other', started);
}

/**
 * A request's log line (through its state's log, made only when the level is on) and its metrics:
 * closeRequest's, also for a request answered before Koa made a context for it.
 */
export function recordRequest(runtime: ServiceRuntime, state: { readonly log: Logger }, method: string, path: string, status: number, route: string, started: number): void {
  if (OWN_PATHS.has(path)) return;
  const ms = performance.now() - started;
  runtime.metrics.observeRequest(method, route, status, ms / 1000);
  const level = requestLogLevel(method, path, status);
  if (runtime.log.isLevelEnabled(level)) state.log[level]({ method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
}

/**
 * The chassis's request stage, one middleware: the request id (the gateway's, or a new one) on the
 * state and the answer, the error mapping (errorAnswer; a route nothing answered is a JSON 404),
 * then one log line and the metrics per request. The gateway's edge stage is built of the same parts.
 */
export function requestStage(runtime: ServiceRuntime): Middleware {
  return async (ctx, next) => {
    const started = openRequest(ctx, new RequestState(requestIdFrom(ctx.req.headers[REQUEST_ID_HEADER]), runtime.log));
    ctx.res.setHeader(REQUEST_ID_HEADER, ctx.state.requestId);
    try {
      await next();
      answerNotFound(ctx);
    } catch (err) {
      answerError(ctx, err);
    } finally {
      closeRequest(ctx, runtime, started);
    }
  };
}
