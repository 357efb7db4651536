import type { Dispatcher } from 'undici';
import { classifyFailure, IDEMPOTENT, type UpstreamPool, type UpstreamRequest } from './upstream-pool.js';

export interface SendPolicy {
  /** How long to keep trying a service that refuses connections (it may be restarting); 0: not at all. */
  waitForRestartMs: number;
}

const RETRY_PAUSE_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request, replaying an idempotent one (GET, HEAD, OPTIONS: no body, no side effect)
 * once on a connection reset, and while the service refuses connections for up to
 * `waitForRestartMs`, on another replica first when there is one. Any other request whose body
 * is in memory goes to each other replica once when one refuses the connection: it never reached
 * the replica that refused (a task stopped or killed during a rolling update), so nothing is done twice.
 */
export async function sendWithRetry(pool: UpstreamPool, request: UpstreamRequest, policy: SendPolicy): Promise<Dispatcher.ResponseData> {
  const replayable = IDEMPOTENT.has(request.method) && !request.body;
  const resendable = !request.body || Buffer.isBuffer(request.body);
  const deadline = Date.now() + policy.waitForRestartMs;
  let resetRetried = false;
  let refusals = 0;
  let last: { replica?: unknown } | undefined;
  for (;;) {
    try {
      return (await pool.send(request, last)).response;
    } catch (err) {
      if (request.signal?.aborted) throw err;
      const failure = classifyFailure(err);
      last = err as { replica?: unknown };
      if (!replayable) {
        if (failure === 'refused' && resendable && ++refusals < pool.origins.length) continue;
        throw err;
      }
      if (failure === 'reset' && !resetRetried) {
        resetRetried = true;
        continue;
      }
      if (failure === 'refused' && Date.now() + RETRY_PAUSE_MS < deadline) {
        // Another replica is asked at once; a lone one (or all of them) is given a moment to come back.
        if (refusals++ > 0 || pool.origins.length === 1) await sleep(RETRY_PAUSE_MS);
        continue;
      }
      throw err;
    }
  }
}

export class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE';
}

/** Reads a whole answer into memory, refusing one over `maxBytes`. */
export async function readBody(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      body.destroy();
      throw new BodyTooLargeError('upstream answer too large to buffer');
    }
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
}

/**
 * An idempotent request whose whole answer is read before the client gets anything, so a
 * connection cut mid-answer can be replayed once too (and never reaches the client half-written).
 */
export async function sendBuffered(
  pool: UpstreamPool,
  request: UpstreamRequest,
  policy: SendPolicy,
  maxBytes: number,
): Promise<{ status: number; headers: Dispatcher.ResponseData['headers']; body: Buffer }> {
  let retried = false;
  for (;;) {
    const response = await sendWithRetry(pool, request, policy);
    try {
      const body = await readBody(response.body, maxBytes);
      return { status: response.statusCode, headers: response.headers, body };
    } catch (err) {
      if (retried || classifyFailure(err) !== 'reset') throw err;
      retried = true;
    }
  }
}
