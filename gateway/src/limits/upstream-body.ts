import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { isAdminPath } from '../admin/paths.js';
import { BodyStreams } from './body-streams.js';
import type { GatewayLimits } from './limits-config.js';
import { hasRequestBody, readBodyWithin } from './read-body.js';

export type UpstreamBody = Buffer | Readable | null;

/**
 * What the proxy sends a service as the request body, decided before a service connection is
 * taken. A small body (JSON, a beacon: anything up to GATEWAY_BUFFERED_BODY_KB, not multipart)
 * is read here in full within GATEWAY_BODY_TIMEOUT_S, so no client can hold a connection by
 * sending slowly. A signed-in admin's larger body (an upload, a long article) streams, under
 * BodyStreams' caps and idle deadline. Anyone else's larger body is 413.
 */
export function upstreamBodies(limits: GatewayLimits): (ctx: Context) => Promise<UpstreamBody> {
  const streams = new BodyStreams(limits);
  return async (ctx) => {
    const req = ctx.req;
    if (!hasRequestBody(req)) return null;
    const declared = Number(req.headers['content-length']);
    const small = Number.isFinite(declared) && declared <= limits.bufferedBodyBytes && !/^multipart\//i.test(req.headers['content-type'] ?? '');
    // On an admin path the proxy runs only after the admin guard accepted the token.
    if (!small && isAdminPath(ctx.path)) return streams.open(ctx);
    return readBodyWithin(req, limits.bufferedBodyBytes, limits.bodyTimeoutMs);
  };
}
