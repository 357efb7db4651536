import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import { recordRequest, REQUEST_ID_HEADER, requestIdFrom, RequestState, type FrontLane, type ServiceRuntime } from '@coinmag/service-kit';
import { AS_OF_HEADER, STATUS_HEADER } from '../cache/cached-content.js';
import type { CacheRecord, GatewayCache } from '../cache/response-cache.js';
import type { ClientRequestCap } from '../limits/client-requests.js';
import { edgeHeaderList } from './edge-headers.js';
import { answerException, koaRequestView } from './front-lane.js';
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

export interface FreshHitLaneOptions {
  runtime: ServiceRuntime;
  /** The per-client cap the edge stage applies too: one count of a client's requests in flight. */
  admit: ClientRequestCap;
}

/**
 * The lane a fresh cached public API answer takes (a GET or HEAD of the `public-api` area, which
 * is decided once per cached record: its key is the URL, so its path never changes), in the
 * server's raw request listener before Koa builds a context: one lookup, the per-client cap, and
 * one write of the cached headers and body in the client's encoding, with the edge's headers and
 * the request id in the same writeHead, then the request's log line and metrics as the edge stage
 * writes them. It leaves to Koa (returns false) conditionals (304), HTML and non-200 records, stale
 * or missing records, encodings not compressed yet, and a client over its cap (the edge stage
 * answers 429). The path and client address are read through the app's own Koa request prototype.
 */
export function freshHitLane(app: Koa, cache: GatewayCache, { runtime, admit }: FreshHitLaneOptions): FrontLane {
  const requestOf = koaRequestView(app);
  /** Per record: its headers, or null when the proxy must answer for it. */
  const laneOf = new WeakMap<CacheRecord, string[] | null>();
  const laneFor = (record: CacheRecord, path: string, url: string): string[] | null => {
    let lane = laneOf.get(record);
    if (lane === undefined) {
      const html = /^\s*text\/html/i.test(record.headers['content-type'] ?? '');
      const publicRead = requestArea('GET', path, url) === 'public-api';
      lane = publicRead && !html && record.status === 200 ? recordHeadersOf(record) : null;
      laneOf.set(record, lane);
    }
    return lane;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, method: string): boolean => {
    // The cache key is the URL as the proxy saw it; only a public content read is ever stored under one.
    const url = req.url!;
    const hit = cache.get(url);
    if (!hit?.fresh) return false;
    const request = requestOf(req);
    const path = request.path;
    const lane = laneFor(hit.record, path, url);
    if (!lane) return false;
    const encoded = cache.encodedNow(hit.record, req.headers['accept-encoding']);
    if (!encoded) return false;
    const started = performance.now();
    if (!admit(request.ip, res)) return false;

    const state = new RequestState(requestIdFrom(req.headers[REQUEST_ID_HEADER]), runtime.log);
    const headers = lane.concat(REQUEST_ID_HEADER, state.requestId, 'content-length', String(encoded.body.length), AS_OF_HEADER, String(cache.heardUntil));
    if (encoded.encoding) headers.push('content-encoding', encoded.encoding);
    // The body goes out in one write.
    res.writeHead(200, headers);
    if (method === 'HEAD') res.end();
    else res.end(encoded.body);
    recordRequest(runtime, state, method, path, 200, 'other', started);
    return true;
  };

  return (req, res) => {
    const method = req.method!;
    if ((method !== 'GET' && method !== 'HEAD') || req.headers['if-none-match'] !== undefined) return false;
    try {
      return answer(req, res, method);
    } catch (err) {
      // As the edge stage answers an exception in a lane: the JSON error with every header, logged.
      const started = performance.now();
      const state = new RequestState(requestIdFrom(req.headers[REQUEST_ID_HEADER]), runtime.log);
      recordRequest(runtime, state, method, requestOf(req).path, answerException(res, state, err), 'other', started);
      return true;
    }
  };
}
