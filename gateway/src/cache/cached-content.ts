import type { Context } from 'koa';
import { CACHE_DEPS_HEADER as DEPS_HEADER, CACHE_TTL_HEADER as TTL_HEADER, parseCacheDeps } from '@coinmag/contracts';
import { requestHeadersFor, responseHeadersFrom } from '../proxy/headers.js';
import { answerFailure, forwardedFor } from '../proxy/upstream-answers.js';
import { sendBuffered } from '../proxy/send.js';
import type { Upstream } from '../proxy/route-table.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import type { CacheRecord, CacheRecordInput, GatewayCache } from './response-cache.js';

/** hit, miss, stale (served because the service failed) or bypass. */
export const STATUS_HEADER = 'x-gateway-cache';
/** With an answer from the cache: when the newest change it had applied was announced (see GatewayCache.heardUntil). */
export const AS_OF_HEADER = 'x-gateway-cache-as-of';

/** Asked once per fill, not taken from the client: the gateway answers conditionals and encodings itself. */
const FILL_OMITS = new Set(['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range', 'accept-encoding', 'expect', 'cookie', 'authorization']);
const NOT_STORED = new Set([DEPS_HEADER, TTL_HEADER, 'x-request-id', 'date', 'content-encoding', 'set-cookie', 'vary']);
const PASSED_OMITS = new Set([DEPS_HEADER, TTL_HEADER]);
const MAX_BUFFERED_BYTES = 8 * 2 ** 20;

export interface CachedContentOptions {
  cache: GatewayCache;
  pool: UpstreamPool;
  timeoutMs: number;
  waitForRestartMs: number;
  /** What the record is kept under and the service asked for; default: the URL as sent. */
  key?: string;
  /** Whose answers these are (the error when it fails); default: content. */
  upstream?: Upstream;
}

function matchesEtag(ifNoneMatch: string, etag: string | undefined): boolean {
  if (!etag) return false;
  if (ifNoneMatch === etag || ifNoneMatch === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * The one rule for what of the content service's answers the gateway keeps: a 200 that names its
 * dependencies, sets no cookie and is not compressed. Used by the proxy and by the page renderer's
 * reads (content-client.ts), which share keys and records.
 */
export function cacheableAnswer(status: number, headers: Record<string, string | string[] | undefined>, body: Buffer): CacheRecordInput | undefined {
  const deps = headers[DEPS_HEADER];
  if (status !== 200 || typeof deps !== 'string' || headers['set-cookie'] || headers['content-encoding']) return undefined;
  const ttl = Number(headers[TTL_HEADER]);
  return {
    status: 200,
    headers: responseHeadersFrom(headers, NOT_STORED) as Record<string, string>,
    body,
    deps: parseCacheDeps(deps),
    ttlMs: Number.isFinite(ttl) && ttl >= 0 ? ttl * 1000 : undefined,
  };
}

/** Answers from a record: its headers, 304 on a matching If-None-Match, the body in the client's encoding. */
export async function sendRecord(ctx: Context, cache: GatewayCache, record: CacheRecord, status: 'hit' | 'miss' | 'stale'): Promise<void> {
  const res = ctx.res;
  for (const name in record.headers) res.setHeader(name, record.headers[name]!);
  res.setHeader(STATUS_HEADER, status);
  res.setHeader(AS_OF_HEADER, String(cache.heardUntil));
  res.setHeader('vary', 'Accept-Encoding');
  const ifNoneMatch = ctx.req.headers['if-none-match'];
  if (ifNoneMatch && record.status === 200 && matchesEtag(ifNoneMatch, record.headers.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = record.status;
  const acceptEncoding = ctx.req.headers['accept-encoding'];
  const { body, encoding } = await (status === 'miss' ? cache.encodedForFill(record, acceptEncoding) : cache.encoded(record, acceptEncoding));
  if (encoding) res.setHeader('content-encoding', encoding);
  ctx.body = body;
}

/**
 * A public GET to the content service, or of a social card to the media service: a fresh record
 * answers at once; otherwise the service is asked (the whole answer read first, so a cut
 * connection is replayed rather than half-sent) and an answer that names its dependencies is kept. When the service is down, slow or failing, a
 * record it answered before is served instead (stale-if-error).
 */
export async function serveCachedContent(ctx: Context, { cache, pool, timeoutMs, waitForRestartMs, key = ctx.url, upstream = 'content' }: CachedContentOptions): Promise<void> {
  const hit = cache.get(key);
  if (hit?.fresh) return sendRecord(ctx, cache, hit.record, 'hit');
  const ticket = cache.ticket();
  let answer: Awaited<ReturnType<typeof sendBuffered>>;
  try {
    answer = await sendBuffered(
      pool,
      { method: 'GET', path: key, headers: requestHeadersFor(ctx.req.headers, forwardedFor(ctx), FILL_OMITS), timeoutMs },
      { waitForRestartMs },
      MAX_BUFFERED_BYTES,
    );
  } catch (err) {
    if (hit) return sendRecord(ctx, cache, hit.record, 'stale');
    return answerFailure(ctx, err, upstream);
  }
  if (answer.status >= 500 && hit) return sendRecord(ctx, cache, hit.record, 'stale');

  const input = cacheableAnswer(answer.status, answer.headers, answer.body);
  if (input) {
    const record = cache.set(key, ticket, input);
    if (record) return sendRecord(ctx, cache, record, 'miss');
  }
  ctx.status = answer.status;
  const headers = responseHeadersFrom(answer.headers, PASSED_OMITS);
  for (const name in headers) ctx.set(name, headers[name]!);
  ctx.set(STATUS_HEADER, 'bypass');
  ctx.body = answer.body;
}
