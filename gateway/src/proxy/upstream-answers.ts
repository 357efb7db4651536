import type { Context } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { BUSY_RETRY_AFTER_SECONDS } from '../limits/limits-config.js';
import type { ForwardedFor } from './headers.js';
import { classifyFailure, type UpstreamFailure } from './upstream-pool.js';

// What every caller of a service shares (the proxy, the cache's fills, the beacon lane): the
// forwarding facts of a request and the answer a failed call becomes.

export const PROXY_MESSAGES = {
  unavailable: '服務暫時無法使用，請稍後再試',
  timeout: '服務回應逾時，請稍後再試',
  badGateway: '服務發生錯誤，請稍後再試',
  busy: API_MESSAGES.serviceBusy,
} as const;

const STATUS_OF: Record<UpstreamFailure, number> = { refused: 503, busy: 503, timeout: 504, reset: 502, broken: 502 };
const MESSAGE_OF: Record<UpstreamFailure, string> = { refused: PROXY_MESSAGES.unavailable, busy: PROXY_MESSAGES.busy, timeout: PROXY_MESSAGES.timeout, reset: PROXY_MESSAGES.badGateway, broken: PROXY_MESSAGES.badGateway };
/** Request headers that cannot be passed through the client library as they are. */
export const NOT_FORWARDED = new Set(['expect']);

export interface FailureAnswer {
  status: number;
  body: { error: string };
  /** Retry-After, when the client may simply ask again soon (a busy service). */
  retryAfter?: string;
  /** What the warning logs about it. */
  logged: { upstream: string; code?: string; failure: UpstreamFailure; replica?: string };
}

/** A failed call to a service as the JSON answer the client gets (503 down, 504 slow, 502 broken). */
export function failureAnswer(err: unknown, upstream: string): FailureAnswer {
  const failure = classifyFailure(err);
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  const retryAfter = failure === 'busy' ? String(BUSY_RETRY_AFTER_SECONDS) : undefined;
  // The replica asked last (upstream-pool.ts puts it on the error): which task failed, in the log.
  const replica = (err as { replica?: { origin?: string } }).replica?.origin;
  return { status: STATUS_OF[failure], body: { error: MESSAGE_OF[failure] }, retryAfter, logged: { upstream, code, failure, replica } };
}

export function answerFailure(ctx: Context, err: unknown, upstream: string): void {
  const answer = failureAnswer(err, upstream);
  ctx.state.log?.warn(answer.logged, 'upstream failed');
  ctx.status = answer.status;
  if (answer.retryAfter) ctx.set('Retry-After', answer.retryAfter);
  ctx.body = answer.body;
}

export function forwardedFor(ctx: Context): ForwardedFor {
  return { requestId: ctx.state.requestId, clientIp: ctx.ip, proto: ctx.protocol, host: ctx.host, secret: ctx.forwardingSecret };
}
