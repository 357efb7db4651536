import type { Context, Middleware } from 'koa';
import { isSlugParam } from '@coinmag/rules';
import { REQUEST_ID_HEADER, requestIdFrom, type ServiceRuntime } from '@coinmag/service-kit';
import { recordLaneAnswer } from '../cache/lane-record.js';
import { withoutSessionCookies } from '../admin/cookie.js';
import { isAdminPath } from '../admin/paths.js';
import { NON_HTML_POLICY } from '../csp/policy.js';
import { SECURITY_HEADERS } from '../security-headers.js';
import { requestHeadersFor, responseHeadersFrom } from './headers.js';
import { failureAnswer, forwardedFor, NOT_FORWARDED, type FailureAnswer } from './proxy.js';
import { readBody, sendWithRetry } from './send.js';
import { hasRequestBody, readBodyWithin } from '../limits/read-body.js';
import { HttpError } from '@coinmag/service-kit';
import type { UpstreamPool } from './upstream-pool.js';

/** `/api/articles/{slug}/views`, the slug raw (letters, digits, `_`, `-`, percent-escapes); nothing else. */
const BEACON_PATH = /^\/api\/articles\/((?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2}){1,600})\/views$/;
/** The content service's own rule for a slug, applied to the decoded segment. */
/** No query, or the page view's id alone. */
const BEACON_QUERY = /^(?:\?pv=[0-9A-Fa-f-]{1,64})?$/;
/** A beacon's body is empty or a few bytes; anything larger (or of unknown length) goes through the chain. */
const MAX_BODY_BYTES = 4096;
/** A beacon's answer is a few bytes of JSON. */
const MAX_ANSWER_BYTES = 64 * 1024;

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), [name, value]] as [string, [string, string]]);
const FAILURE_HEADERS: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };

export interface BeaconLaneOptions {
  content: UpstreamPool;
  timeoutMs: number;
  /** How long the beacon's few bytes may take to arrive (GATEWAY_BODY_TIMEOUT_S). */
  bodyTimeoutMs: number;
  /** ADMIN_ORIGIN's host: the chain refuses public writes there, so the lane leaves them to it. */
  adminHost?: string;
}

function isBeacon(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const match = BEACON_PATH.exec(path);
  if (!match || !BEACON_QUERY.test(query < 0 ? '' : url.slice(query))) return false;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return false;
  }
  return isSlugParam(slug) && !isAdminPath(path);
}

/**
 * The lane a view beacon (`POST /api/articles/{slug}/views`) takes: the first middleware, it
 * passes the beacon to the content service over the proxy's pool, with the proxy's forwarding
 * headers, timeout and failure answers, and writes the answer with what the chain would add
 * (security headers, the non-HTML policy, the request id, the log line, the metrics). Readers
 * send one per page view, so the chain's cost per beacon was a large share of the gateway's
 * work. Anything not exactly a beacon goes through the chain.
 */
export function answerViewBeacons({ content, timeoutMs, bodyTimeoutMs, adminHost }: BeaconLaneOptions, runtime: ServiceRuntime): Middleware {
  const { log } = runtime;
  const adminHostLower = adminHost?.toLowerCase();

  const inLane = (ctx: Context): boolean => {
    const req = ctx.req;
    if (req.method !== 'POST' || !isBeacon(req.url ?? '')) return false;
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && !(Number(length) <= MAX_BODY_BYTES))) return false;
    return adminHostLower === undefined || ctx.host.toLowerCase() !== adminHostLower;
  };

  /** The headers in the order the chain sets them (security, the service's, request id, policy, length); a later one wins. */
  const finish = (ctx: Context, requestId: string, started: number, status: number, upstream: Record<string, string | string[]>, body: Buffer | string) => {
    const merged = new Map<string, [string, string | string[]]>(SECURITY_HEADER_ENTRIES);
    for (const name in upstream) merged.set(name, [name, upstream[name]!]);
    merged.set(REQUEST_ID_HEADER, [REQUEST_ID_HEADER, requestId]);
    merged.set('content-security-policy', ['Content-Security-Policy', NON_HTML_POLICY]);
    merged.set('content-length', ['content-length', String(Buffer.byteLength(body))]);
    const res = ctx.res;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of merged.values()) headers[name] = value;
    res.writeHead(status, headers);
    res.end(body);
    recordLaneAnswer(runtime, 'POST', ctx.path, status, started, requestId);
  };

  const fail = (ctx: Context, requestId: string, started: number, answer: FailureAnswer) => {
    log.child({ requestId }).warn(answer.logged, 'upstream failed');
    finish(ctx, requestId, started, answer.status, answer.retryAfter ? { ...FAILURE_HEADERS, 'retry-after': answer.retryAfter } : FAILURE_HEADERS, JSON.stringify(answer.body));
  };

  return async (ctx, next) => {
    if (!inLane(ctx)) return next();
    const started = performance.now();
    const req = ctx.req;
    ctx.respond = false;
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    ctx.state.requestId = requestId;
    // As the admin guard does for every request: the services never see the session cookie.
    const cookies = withoutSessionCookies(req.headers.cookie);
    if (cookies === undefined) delete req.headers.cookie;
    else req.headers.cookie = cookies;

    // The body arrives in full, within the deadline, before a connection to the service is taken.
    let sent: Buffer | null = null;
    try {
      if (hasRequestBody(req)) sent = await readBodyWithin(req, MAX_BODY_BYTES, bodyTimeoutMs);
    } catch (err) {
      if (!(err instanceof HttpError) || ctx.res.destroyed) return void req.destroy();
      finish(ctx, requestId, started, err.status, { ...FAILURE_HEADERS, ...err.headers }, JSON.stringify({ error: err.message }));
      return;
    }
    const aborted = new AbortController();
    const onClose = () => {
      if (!ctx.res.writableFinished) aborted.abort();
    };
    ctx.res.once('close', onClose);
    try {
      const response = await sendWithRetry(
        content,
        {
          method: 'POST',
          path: req.url!,
          headers: requestHeadersFor(req.headers, forwardedFor(ctx), NOT_FORWARDED),
          body: sent,
          timeoutMs,
          signal: aborted.signal,
        },
        { waitForRestartMs: 0 },
      );
      const body = await readBody(response.body, MAX_ANSWER_BYTES);
      finish(ctx, requestId, started, response.statusCode, responseHeadersFrom(response.headers), body);
    } catch (err) {
      if (ctx.res.headersSent || ctx.res.destroyed) return;
      // Nothing is read from the request body once it is sent; drain what is left so the connection stays usable.
      if (!req.readableEnded) req.resume();
      fail(ctx, requestId, started, failureAnswer(err, 'content'));
    }
  };
}
