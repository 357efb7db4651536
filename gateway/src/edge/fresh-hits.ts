import type { Context } from 'koa';
import { REQUEST_ID_HEADER } from '@coinmag/service-kit';
import { AS_OF_HEADER, STATUS_HEADER } from '../cache/cached-content.js';
import type { CacheRecord, GatewayCache } from '../cache/response-cache.js';
import { edgeHeaderList } from './edge-headers.js';
import { requestArea } from './request-area.js';

/**
 * A cached answer's headers as one flat list, built once per record: the edge's (security
 * headers, the non-HTML policy) and the record's own, which win over them as they do in
 * sendRecord, except the policy, which is always the edge's.
 */
function recordHeadersOf(record: CacheRecord): string[] {
  const own: string[] = [];
  for (const name in record.headers) if (name.toLowerCase() !== 'content-security-policy') own.push(name, record.headers[name]!);
  return [...edgeHeaderList(own.filter((_, at) => at % 2 === 0)), ...own, 'vary', 'Accept-Encoding', STATUS_HEADER, 'hit'];
}

/**
 * The lane a fresh cached public API answer takes (a GET or HEAD of the `public-api` area, which
 * is decided once per cached record: its key is the URL, so its path never changes):
 * one lookup and one write of the cached headers and body, in the client's encoding. It leaves
 * to the proxy conditionals (304), HTML and non-200 records, stale or missing records, and
 * encodings not compressed yet. Nothing is set on the response before: the whole head goes out
 * in one writeHead (setHeader calls before it would send writeHead down its slow path). Returns
 * whether it answered.
 */
export function freshHitLane(cache: GatewayCache): (ctx: Context, requestId: string) => boolean {
  /** Per record: its headers, or null when the proxy must answer for it. */
  const laneOf = new WeakMap<CacheRecord, string[] | null>();
  const laneFor = (record: CacheRecord, ctx: Context): string[] | null => {
    let lane = laneOf.get(record);
    if (lane === undefined) {
      const html = /^\s*text\/html/i.test(record.headers['content-type'] ?? '');
      const publicRead = requestArea('GET', ctx.path, ctx.url) === 'public-api';
      lane = publicRead && !html && record.status === 200 ? recordHeadersOf(record) : null;
      laneOf.set(record, lane);
    }
    return lane;
  };

  return (ctx, requestId) => {
    const req = ctx.req;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers['if-none-match'] !== undefined) return false;
    // The cache key is the URL as the proxy saw it; only a public content read is ever stored under one.
    const hit = cache.get(ctx.url);
    if (!hit?.fresh) return false;
    const lane = laneFor(hit.record, ctx);
    if (!lane) return false;
    const answer = cache.encodedNow(hit.record, req.headers['accept-encoding']);
    if (!answer) return false;

    const headers = lane.concat(REQUEST_ID_HEADER, requestId, 'content-length', String(answer.body.length), AS_OF_HEADER, String(cache.heardUntil));
    if (answer.encoding) headers.push('content-encoding', answer.encoding);
    // The status for the edge stage's log line and metrics; the body goes out in one write.
    ctx.status = 200;
    ctx.respond = false;
    const res = ctx.res;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else res.end(answer.body);
    return true;
  };
}
