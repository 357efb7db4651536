import type { Context } from 'koa';
import { AS_OF_HEADER, STATUS_HEADER } from '../cache/cached-content.js';
import type { CacheRecord, GatewayCache } from '../cache/response-cache.js';

/**
 * A cached answer's own headers as one flat list, built once per record. The chain has already
 * set the security headers, the request id and the non-HTML policy; the record's headers win
 * over them as they do in sendRecord, except the policy, which the chain's CSP stage always has
 * the last word on.
 */
function recordHeadersOf(record: CacheRecord): string[] {
  const headers: string[] = [];
  for (const name in record.headers) if (name.toLowerCase() !== 'content-security-policy') headers.push(name, record.headers[name]!);
  headers.push('vary', 'Accept-Encoding', STATUS_HEADER, 'hit');
  return headers;
}

/**
 * The lane a fresh cached public API answer takes (a GET or HEAD the edge classed `public-api`):
 * one lookup and one write of the cached headers and body, in the client's encoding. It leaves
 * to the proxy conditionals (304), HTML and non-200 records, stale or missing records, and
 * encodings not compressed yet. Returns whether it answered.
 */
export function freshHitLane(cache: GatewayCache): (ctx: Context) => boolean {
  /** Per record: its headers, or null when the proxy must answer for it. */
  const laneOf = new WeakMap<CacheRecord, string[] | null>();
  const laneFor = (record: CacheRecord): string[] | null => {
    let lane = laneOf.get(record);
    if (lane === undefined) {
      const html = /^\s*text\/html/i.test(record.headers['content-type'] ?? '');
      lane = !html && record.status === 200 ? recordHeadersOf(record) : null;
      laneOf.set(record, lane);
    }
    return lane;
  };

  return (ctx) => {
    const req = ctx.req;
    if (req.headers['if-none-match'] !== undefined) return false;
    // The cache key is the URL as the proxy saw it; only a public content read is ever stored under one.
    const hit = cache.get(ctx.url);
    if (!hit?.fresh) return false;
    const lane = laneFor(hit.record);
    if (!lane) return false;
    const answer = cache.encodedNow(hit.record, req.headers['accept-encoding']);
    if (!answer) return false;

    const headers = lane.concat('content-length', String(answer.body.length), AS_OF_HEADER, String(cache.heardUntil));
    if (answer.encoding) headers.push('content-encoding', answer.encoding);
    // The status for the chain's log line and metrics; the body goes out in one write.
    ctx.status = 200;
    ctx.respond = false;
    const res = ctx.res;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else res.end(answer.body);
    return true;
  };
}
