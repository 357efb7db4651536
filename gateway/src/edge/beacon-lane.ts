import type { Context } from 'koa';
import type { ViewBeaconAnswer } from '@coinmag/contracts';
import { HttpError, REQUEST_ID_HEADER } from '@coinmag/service-kit';
import { withoutSessionCookies } from '../admin/cookie.js';
import { hasRequestBody, readBodyWithin } from '../limits/read-body.js';
import { requestHeadersFor, responseHeadersFrom } from '../proxy/headers.js';
import { answerFailure, forwardedFor, NOT_FORWARDED } from '../proxy/upstream-answers.js';
import { readBody, sendWithRetry } from '../proxy/send.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import { BatchesRefusedError, BeaconBatches } from './beacon-batches.js';
import type { BeaconCounting, CountedBeacon } from './beacon-counting.js';
import { edgeHeaderList, setEdgeHeaders } from './edge-headers.js';
import { beaconTarget } from './request-area.js';

/** A beacon's body is empty or a few bytes; anything larger (or of unknown length) goes through the chain. */
const MAX_BODY_BYTES = 4096;
/** A beacon's answer is a few bytes of JSON. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** How long beacons go alone after the batch route was refused, before batches are tried again. */
const BATCHES_RETRIED_AFTER_MS = 60_000;
/** As the content service keeps it. */
const USER_AGENT_LENGTH = 512;
/** A counted answer's own headers; the edge's go before them, in the same list. */
const COUNTED_OWN = ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'];
const COUNTED_HEAD: readonly string[] = [...edgeHeaderList(COUNTED_OWN.filter((_, at) => at % 2 === 0)), ...COUNTED_OWN];
/** The chain's own: the request id is the gateway's, the policy its CSP stage's. */
const KEPT_BY_THE_CHAIN: ReadonlySet<string> = new Set(['x-request-id', 'content-security-policy']);

export interface BeaconLaneOptions {
  content: UpstreamPool;
  timeoutMs: number;
  /** How long the beacon's few bytes may take to arrive (GATEWAY_BODY_TIMEOUT_S). */
  bodyTimeoutMs: number;
  /** FORWARDING_SECRET, which the content service believes a batch's addresses with. */
  forwardingSecret?: string;
  /** Counts beacons in the gateway itself when it can (REDIS_URL set); the others go to the content service. */
  counting?: BeaconCounting;
}

/**
 * The lane a view beacon (`POST /api/articles/{slug}/views`, classed `beacon` by the edge, not on
 * the back-office host) takes: counted here when the gateway can (BeaconCounting: no hop at all),
 * else handed to the content service in a batch with the beacons that
 * arrive meanwhile (see BeaconBatches), with the proxy's timeout and failure answers, its few
 * bytes of answer written at once. Readers send one per page view: one proxied request per
 * beacon made the hop to the content service most of a beacon's cost. A content service without
 * the batch route (older, during a rolling update) gets each beacon alone, as it did, for a minute
 * before batches are tried again.
 * A body of unknown or large size goes on to the chain. Returns false when it leaves the request to
 * the chain. The lane gives the edge's headers itself (the edge stage sets none before it): a counted
 * answer writes them with its own in one list (setHeader calls before writeHead send it down its
 * slow path); anything else sets them first, as the edge does for the chain.
 */
export function beaconLane({ content, timeoutMs, bodyTimeoutMs, forwardingSecret, counting }: BeaconLaneOptions): (ctx: Context, requestId: string) => Promise<void> | false {
  const batches = new BeaconBatches({ content, timeoutMs, forwardingSecret });
  /** Until when beacons go alone: the batch route was refused (an older content service, during a rolling update). */
  let aloneUntil = 0;

  const send = async (ctx: Context, requestId: string): Promise<void> => {
    const req = ctx.req;
    // The body arrives in full, within the deadline, before the beacon is sent on (the service reads none of it).
    let sent: Buffer | null = null;
    try {
      if (hasRequestBody(req)) sent = await readBodyWithin(req, MAX_BODY_BYTES, bodyTimeoutMs);
    } catch (err) {
      if (!(err instanceof HttpError) || ctx.res.destroyed) return void req.destroy();
      throw err;
    }
    const target = beaconTarget(ctx.path, ctx.url)!;
    const userAgent = (req.headers['user-agent'] ?? '').slice(0, USER_AGENT_LENGTH);
    if (counting) {
      // Anything the gateway cannot count (or that fails here) is the content service's to count or refuse.
      const counted = await counting.count(target, ctx.ip, userAgent).catch(() => undefined);
      if (counted) return answerCounted(ctx, counted, requestId);
    }
    setEdgeHeaders(ctx.res, requestId);
    if (Date.now() < aloneUntil) return sendAlone(ctx, sent);
    let answer: ViewBeaconAnswer;
    try {
      answer = await batches.send({ ...target, address: ctx.ip, userAgent });
    } catch (err) {
      if (err instanceof BatchesRefusedError) {
        aloneUntil = Date.now() + BATCHES_RETRIED_AFTER_MS;
        return sendAlone(ctx, sent);
      }
      if (ctx.res.destroyed) return;
      answerFailure(ctx, err, 'content');
      return;
    }
    if (ctx.res.destroyed) return;
    const body = Buffer.from(JSON.stringify(answer.body));
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(body.length) };
    if (answer.retryAfter) headers['retry-after'] = answer.retryAfter;
    ctx.status = answer.status;
    ctx.respond = false;
    ctx.res.writeHead(answer.status, headers);
    ctx.res.end(body);
  };

  /** A beacon counted here: the single route's answer, written as a few bytes. */
  const answerCounted = (ctx: Context, { view_count, counted }: CountedBeacon, requestId: string): void => {
    if (ctx.res.destroyed) return;
    const body = `{"view_count":${view_count},"counted":${counted}}`;
    ctx.status = 200;
    ctx.respond = false;
    ctx.res.writeHead(200, COUNTED_HEAD.concat(REQUEST_ID_HEADER, requestId, 'content-length', String(body.length)));
    ctx.res.end(body);
  };

  /** One beacon, proxied alone to the single route. */
  const sendAlone = async (ctx: Context, sent: Buffer | null): Promise<void> => {
    const req = ctx.req;
    // As the admin guard does for every request: the services never see the session cookie.
    const cookies = withoutSessionCookies(req.headers.cookie);
    if (cookies === undefined) delete req.headers.cookie;
    else req.headers.cookie = cookies;
    const aborted = new AbortController();
    const onClose = () => {
      if (!ctx.res.writableFinished) aborted.abort();
    };
    ctx.res.once('close', onClose);
    let status: number;
    let headers: Record<string, string | string[]>;
    let body: Buffer;
    try {
      const response = await sendWithRetry(
        content,
        { method: 'POST', path: req.url!, headers: requestHeadersFor(req.headers, forwardedFor(ctx), NOT_FORWARDED), body: sent, timeoutMs, signal: aborted.signal },
        { waitForRestartMs: 0 },
      );
      body = await readBody(response.body, MAX_ANSWER_BYTES);
      status = response.statusCode;
      headers = responseHeadersFrom(response.headers, KEPT_BY_THE_CHAIN);
    } catch (err) {
      if (ctx.res.destroyed) return;
      // Nothing is read from the request body once it is sent; drain what is left so the connection stays usable.
      if (!req.readableEnded) req.resume();
      answerFailure(ctx, err, 'content');
      return;
    }
    headers['content-length'] = String(body.length);
    ctx.status = status;
    ctx.respond = false;
    ctx.res.writeHead(status, headers);
    ctx.res.end(body);
  };

  return (ctx, requestId) => {
    const req = ctx.req;
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && !(Number(length) <= MAX_BODY_BYTES))) return false;
    return send(ctx, requestId);
  };
}
