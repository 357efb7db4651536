import type { Middleware } from 'koa';
import { REQUEST_ID_HEADER, requestIdFrom, type ServiceRuntime } from '@coinmag/service-kit';
import { isAdminApiPath } from '../admin/origin.js';
import { CSP_REPORT_PATH, NON_HTML_POLICY } from '../csp/policy.js';
import { matchRoute } from '../proxy/route-table.js';
import { SECURITY_HEADERS } from '../security-headers.js';
import { STATUS_HEADER } from './cached-content.js';
import { recordLaneAnswer } from './lane-record.js';
import type { CacheRecord, GatewayCache } from './response-cache.js';

/** What the chain would add to a cached JSON answer, whatever the request: built once per record. */
function staticHeadersOf(record: CacheRecord): string[] {
  const merged = new Map<string, [string, string]>();
  const put = (name: string, value: string) => merged.set(name.toLowerCase(), [name, value]);
  // In the order the chain sets them, so a later one wins as it does there.
  for (const name in SECURITY_HEADERS) put(name, SECURITY_HEADERS[name]!);
  for (const name in record.headers) put(name, record.headers[name]!);
  put('vary', 'Accept-Encoding');
  put('Content-Security-Policy', NON_HTML_POLICY);
  return [...merged.values()].flat();
}

/**
 * The lane a fresh cached public API answer takes: the first middleware, it answers with one
 * lookup and one write what the whole chain would (security headers, the non-HTML policy, the
 * request id, the log line, the metrics, the cached headers and body), and leaves everything
 * else to the chain: conditionals (304), HTML, admin and back-office paths, stale or missing
 * records, and encodings not compressed yet.
 */
export function answerFreshHits(cache: GatewayCache, runtime: ServiceRuntime): Middleware {
  /** Per record: its static headers, or null when the chain must answer for it. */
  const laneOf = new WeakMap<CacheRecord, string[] | null>();

  const laneFor = (record: CacheRecord, path: string): string[] | null => {
    let lane = laneOf.get(record);
    if (lane === undefined) {
      const publicRead = matchRoute(path)?.upstream === 'content' && path !== CSP_REPORT_PATH && !isAdminApiPath(path);
      const html = /^\s*text\/html/i.test(record.headers['content-type'] ?? '');
      lane = publicRead && !html && record.status === 200 ? staticHeadersOf(record) : null;
      laneOf.set(record, lane);
    }
    return lane;
  };

  return (ctx, next) => {
    const req = ctx.req;
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || req.headers['if-none-match'] !== undefined) return next();
    const started = performance.now();
    // The cache key is the URL as the proxy saw it; only a public content read is ever stored under one.
    const hit = cache.get(ctx.url);
    if (!hit?.fresh) return next();
    const path = ctx.path;
    const lane = laneFor(hit.record, path);
    if (!lane) return next();
    const answer = cache.encodedNow(hit.record, req.headers['accept-encoding']);
    if (!answer) return next();

    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    const headers = lane.concat(REQUEST_ID_HEADER, requestId, STATUS_HEADER, 'hit', 'content-length', String(answer.body.length));
    if (answer.encoding) headers.push('content-encoding', answer.encoding);
    ctx.respond = false;
    const res = ctx.res;
    res.writeHead(200, headers);
    if (method === 'HEAD') res.end();
    else res.end(answer.body);
    recordLaneAnswer(runtime, method, path, 200, started, requestId);
    return Promise.resolve();
  };
}
