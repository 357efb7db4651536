import type { Context } from 'koa';
import type { ViewBeaconAnswer } from '@coinmag/contracts';
import { HttpError, REQUEST_ID_HEADER } from '@coinmag/service-kit';
import { checkedReferrerHost, viewSource, type Beacon, type CountedBeacon } from '@coinmag/views';
import { hasRequestBody, readBodyWithin } from '../limits/read-body.js';
import { answerFailure } from '../proxy/upstream-answers.js';
import { edgeHeaderList, setEdgeHeaders } from './edge-headers.js';
import { beaconTarget } from './request-area.js';

/** A beacon's body is empty or a few bytes; anything larger (or of unknown length) goes through the chain. */
const MAX_BODY_BYTES = 4096;
/** As the content service keeps it. */
const USER_AGENT_LENGTH = 512;
/** A counted answer's own headers; the edge's go before them, in the same list. */
const COUNTED_OWN = ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'];
const COUNTED_HEAD: readonly string[] = [...edgeHeaderList(COUNTED_OWN.filter((_, at) => at % 2 === 0)), ...COUNTED_OWN];

export interface BeaconLaneOptions {
  /** How long the beacon's few bytes may take to arrive (GATEWAY_BODY_TIMEOUT_S). */
  bodyTimeoutMs: number;
  /**
   * Counts a beacon: `@coinmag/views`'s `count` (counted here when the gateway can, else by the
   * content service, whose answer it gives), or the content service's alone (no Redis here).
   */
  count: (beacon: Beacon) => Promise<CountedBeacon | ViewBeaconAnswer>;
}

/**
 * The lane a view beacon (`POST /api/articles/{slug}/views`, classed `beacon` by the edge, not on
 * the back-office host) takes: its few bytes read, the beacon counted (`count`), its few bytes of
 * answer written at once, with the proxy's failure answers when the content service could not be
 * reached. A body of unknown or large size goes on to the chain. Returns false when it leaves the
 * request to the chain. The lane gives the edge's headers itself (the edge stage sets none before
 * it): a counted answer writes them with its own in one list (setHeader calls before writeHead send
 * it down its slow path); anything else sets them first, as the edge does for the chain.
 */
export function beaconLane({ bodyTimeoutMs, count }: BeaconLaneOptions): (ctx: Context, requestId: string) => Promise<void> | false {
  const send = async (ctx: Context, requestId: string): Promise<void> => {
    const req = ctx.req;
    // The body arrives in full, within the deadline, before the beacon is counted (nothing reads it).
    try {
      if (hasRequestBody(req)) await readBodyWithin(req, MAX_BODY_BYTES, bodyTimeoutMs);
    } catch (err) {
      if (!(err instanceof HttpError) || ctx.res.destroyed) return void req.destroy();
      throw err;
    }
    const { slug, pv, r } = beaconTarget(ctx.path, ctx.url)!;
    const userAgent = (req.headers['user-agent'] ?? '').slice(0, USER_AGENT_LENGTH);
    // Only a checked hostname other than this site's own: anything else is direct.
    const referrer = r ? viewSource(checkedReferrerHost(r), ctx.hostname).host : '';
    let answer: CountedBeacon | ViewBeaconAnswer;
    try {
      answer = await count({ slug, ...(pv === undefined ? {} : { pageViewId: pv }), address: ctx.ip, userAgent, ...(referrer ? { referrer } : {}) });
    } catch (err) {
      if (ctx.res.destroyed) return;
      setEdgeHeaders(ctx.res, requestId);
      answerFailure(ctx, err, 'content');
      return;
    }
    if (ctx.res.destroyed) return;
    if ('status' in answer) return answerForwarded(ctx, answer, requestId);
    answerCounted(ctx, answer, requestId);
  };

  /** A beacon counted here: the single route's answer, written as a few bytes. */
  const answerCounted = (ctx: Context, { view_count, counted }: CountedBeacon, requestId: string): void => {
    const body = `{"view_count":${view_count},"counted":${counted}}`;
    ctx.status = 200;
    ctx.respond = false;
    ctx.res.writeHead(200, COUNTED_HEAD.concat(REQUEST_ID_HEADER, requestId, 'content-length', String(body.length)));
    ctx.res.end(body);
  };

  /** The content service's answer to a beacon it counted or refused. */
  const answerForwarded = (ctx: Context, answer: ViewBeaconAnswer, requestId: string): void => {
    setEdgeHeaders(ctx.res, requestId);
    const body = Buffer.from(JSON.stringify(answer.body));
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(body.length) };
    if (answer.retryAfter) headers['retry-after'] = answer.retryAfter;
    ctx.status = answer.status;
    ctx.respond = false;
    ctx.res.writeHead(answer.status, headers);
    ctx.res.end(body);
  };

  return (ctx, requestId) => {
    const req = ctx.req;
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && !(Number(length) <= MAX_BODY_BYTES))) return false;
    return send(ctx, requestId);
  };
}
