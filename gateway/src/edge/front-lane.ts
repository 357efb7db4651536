import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import { errorAnswer, REQUEST_ID_HEADER, type RequestState } from '@coinmag/service-kit';
import { edgeHeaderList } from './edge-headers.js';

// What the edge's lanes before Koa (edge/fresh-hits.ts, edge/beacon-lane.ts) share: a request
// read as Koa reads it, and the answers the edge stage would give them, in one writeHead.

/** What a lane before Koa reads of a request as Koa would: its origin, path, query, host and client address. */
export interface KoaRequestView {
  readonly origin: string;
  readonly path: string;
  readonly search: string;
  readonly querystring: string;
  readonly host: string;
  readonly hostname: string;
  readonly ip: string;
}

/**
 * A request read through the app's own Koa request prototype (no context, no response, no
 * middleware): path, host and client address are Koa's to the letter, the trusted proxies
 * (TRUSTED_PROXY_HOPS) included, each computed only when read.
 */
export function koaRequestView(app: Koa): (req: IncomingMessage) => KoaRequestView {
  return (req) => {
    const request = Object.create(app.request) as KoaRequestView & { app: Koa; req: IncomingMessage; originalUrl: string };
    request.app = app;
    request.req = req;
    request.originalUrl = req.url!;
    return request;
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** The edge's headers (security headers, the non-HTML policy); an answer's own go after them and win. */
const EDGE_HEAD: readonly string[] = edgeHeaderList([]);

/**
 * A JSON answer with the edge's headers, the request id and its own in one list, as the chain
 * gives it (its type, its length; `noStore`: never cached). Returns its status.
 */
export function writeJson(res: ServerResponse, requestId: string, status: number, json: unknown, own: Record<string, string> = {}, noStore = false): number {
  const body = Buffer.from(JSON.stringify(json));
  const head = EDGE_HEAD.concat(REQUEST_ID_HEADER, requestId, 'content-type', JSON_TYPE);
  if (noStore) head.push('cache-control', 'no-store');
  for (const name in own) head.push(name, own[name]!);
  head.push('content-length', String(body.length));
  res.writeHead(status, head);
  res.end(body);
  return status;
}

/**
 * An exception in a lane, answered as the edge stage answers one: the chassis's JSON error
 * (errorAnswer, which logs what it must) with every header; a response already under way is cut.
 * Returns the status for the log line (500 when cut).
 */
export function answerException(res: ServerResponse, state: RequestState, err: unknown): number {
  const failed = errorAnswer(err, state.log);
  if (res.headersSent) {
    res.destroy();
    return failed.status;
  }
  return writeJson(res, state.requestId, failed.status, failed.body, failed.headers);
}
