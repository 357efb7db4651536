import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { ViewBeaconAnswer } from '@coinmag/contracts';
import { HttpError, recordRequest, REQUEST_ID_HEADER, requestIdFrom, RequestState, type FrontLane, type ServiceRuntime } from '@coinmag/service-kit';
import { checkedReferrerHost, viewSource, type Beacon, type CountedBeacon } from '@coinmag/views';
import type { ClientRequestCap } from '../limits/client-requests.js';
import { hasRequestBody, readBodyWithin } from '../limits/read-body.js';
import { failureAnswer } from '../proxy/upstream-answers.js';
import { edgeHeaderList } from './edge-headers.js';
import { answerException, koaRequestView, writeJson, type KoaRequestView } from './front-lane.js';
import { beaconOf, onHost, type BeaconTarget } from './request-area.js';

/** A beacon's body is empty or a few bytes; anything larger (or of unknown length) goes through the chain. */
const MAX_BODY_BYTES = 4096;
/** As the content service keeps it. */
const USER_AGENT_LENGTH = 512;
/** A counted answer's own headers; the edge's go before them, in the same list. */
const COUNTED_OWN = ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'];
const COUNTED_HEAD: readonly string[] = [...edgeHeaderList(COUNTED_OWN.filter((_, at) => at % 2 === 0)), ...COUNTED_OWN];
/** What the chain logs for a request whose client went away before any answer (Koa's status until one is set). */
const UNANSWERED = 404;

export interface BeaconLaneOptions {
  runtime: ServiceRuntime;
  /** The per-client cap the edge stage applies too: one count of a client's requests in flight. */
  admit: ClientRequestCap;
  /** ADMIN_ORIGIN's host: beacons sent there go to the chain (whose admin guard refuses public writes). */
  adminHost?: string;
  /** How long the beacon's few bytes may take to arrive (GATEWAY_BODY_TIMEOUT_S). */
  bodyTimeoutMs: number;
  /**
   * Counts a beacon: `@coinmag/views`'s `count` (counted here when the gateway can, else by the
   * content service, whose answer it gives), or the content service's alone (no Redis here).
   */
  count: (beacon: Beacon) => Promise<CountedBeacon | ViewBeaconAnswer>;
}

/**
 * The lane a view beacon takes (`POST /api/articles/{slug}/views`, the request area `beacon`, not
 * on the back-office host), in the server's raw request listener before Koa builds a context: the
 * per-client cap, its few bytes read, the beacon counted (`count`), its few bytes of answer written
 * at once with the edge's headers (security headers, the non-HTML policy, the request id) in one
 * list, and the request's log line and metrics as the edge stage writes them. Its failures are the
 * chain's: the proxy's answers when the content service could not be reached, the chassis's JSON
 * error otherwise. It leaves to Koa (returns false) anything else: a body of unknown or large size,
 * a client over its cap (the edge stage answers 429), the back-office host. The path, host and
 * client address are read through the app's own request prototype, so they are Koa's to the letter.
 */
export function beaconLane(app: Koa, { runtime, admit, adminHost, bodyTimeoutMs, count }: BeaconLaneOptions): FrontLane {
  const adminHostLower = adminHost?.toLowerCase();
  const requestOf = koaRequestView(app);

  /** Answers the beacon; returns the status it was answered with (for the log line and metrics). */
  const answer = async (req: IncomingMessage, res: ServerResponse, request: KoaRequestView, { slug, pv, r }: BeaconTarget, state: RequestState): Promise<number> => {
    // The body arrives in full, within the deadline, before the beacon is counted (nothing reads it).
    try {
      if (hasRequestBody(req)) await readBodyWithin(req, MAX_BODY_BYTES, bodyTimeoutMs);
    } catch (err) {
      if (!(err instanceof HttpError) || res.destroyed) {
        req.destroy();
        return UNANSWERED;
      }
      throw err;
    }
    const userAgent = (req.headers['user-agent'] ?? '').slice(0, USER_AGENT_LENGTH);
    // Only a checked hostname other than this site's own: anything else is direct.
    const referrer = r ? viewSource(checkedReferrerHost(r), request.hostname).host : '';
    let counted: CountedBeacon | ViewBeaconAnswer;
    try {
      counted = await count({ slug, ...(pv === undefined ? {} : { pageViewId: pv }), address: request.ip, userAgent, ...(referrer ? { referrer } : {}) });
    } catch (err) {
      if (res.destroyed) return UNANSWERED;
      const failure = failureAnswer(err, 'content');
      state.log.warn(failure.logged, 'upstream failed');
      return writeJson(res, state.requestId, failure.status, failure.body, failure.retryAfter ? { 'Retry-After': failure.retryAfter } : {});
    }
    if (res.destroyed) return UNANSWERED;
    // The content service's answer to a beacon it counted or refused.
    if ('status' in counted) return writeJson(res, state.requestId, counted.status, counted.body, counted.retryAfter ? { 'retry-after': counted.retryAfter } : {}, true);
    // Counted here: the single route's answer, written as a few bytes.
    const body = `{"view_count":${counted.view_count},"counted":${counted.counted}}`;
    res.writeHead(200, COUNTED_HEAD.concat(REQUEST_ID_HEADER, state.requestId, 'content-length', String(body.length)));
    res.end(body);
    return 200;
  };

  const send = async (req: IncomingMessage, res: ServerResponse, request: KoaRequestView, path: string, target: BeaconTarget, state: RequestState, started: number): Promise<void> => {
    let status = UNANSWERED;
    try {
      status = await answer(req, res, request, target, state);
    } catch (err) {
      status = answerException(res, state, err);
    } finally {
      recordRequest(runtime, state, 'POST', path, status, 'other', started);
    }
  };

  return (req, res) => {
    if (req.method !== 'POST') return false;
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && !(Number(length) <= MAX_BODY_BYTES))) return false;
    const request = requestOf(req);
    const path = request.path;
    const target = beaconOf('POST', path, req.url!);
    if (!target || onHost(request.host, adminHostLower)) return false;
    const started = performance.now();
    if (!admit(request.ip, res)) return false;
    void send(req, res, request, path, target, new RequestState(requestIdFrom(req.headers[REQUEST_ID_HEADER]), runtime.log), started);
    return true;
  };
}
