import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { classifyFailure, IDEMPOTENT, type UpstreamPool, type UpstreamRequest } from './upstream-pool.js';

export interface SendPolicy {
  /** How long to keep trying a service that refuses connections (it may be restarting); 0: not at all. */
  waitForRestartMs: number;
}

const RETRY_PAUSE_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request. One that never reached a replica (refused, or no connection made in time: a
 * task stopped or killed) goes at once to each other replica once, whatever its method, when its
 * body is in memory or is a stream not yet read from (an admin's form with a cover, streamed):
 * nothing was done twice. An idempotent request (GET, HEAD, OPTIONS: no body,
 * no side effect) is also replayed once on another replica when its connection is cut or its
 * replica leaves the service before answering, and, when every replica refuses, asked again for
 * up to `waitForRestartMs` (the service may be restarting).
 */
export async function sendWithRetry(pool: UpstreamPool, request: UpstreamRequest, policy: SendPolicy): Promise<Dispatcher.ResponseData> {
  const stream = request.body instanceof Readable ? request.body : undefined;
  if (!stream) return sendAgainWhileSafe(pool, request, policy);
  // Until an attempt reads it, nothing listens for the stream's errors (a stalled or cut upload);
  // whoever reads it next gets them.
  stream.on('error', () => {});
  try {
    return await sendAgainWhileSafe(pool, request, policy, stream);
  } catch (err) {
    // As undici does with a stream body it could not send: the client's upload is not left open.
    stream.destroy();
    throw err;
  }
}

async function sendAgainWhileSafe(pool: UpstreamPool, request: UpstreamRequest, policy: SendPolicy, stream?: Readable): Promise<Dispatcher.ResponseData> {
  const replayable = IDEMPOTENT.has(request.method) && !request.body;
  const deadline = Date.now() + policy.waitForRestartMs;
  let resetRetried = false;
  let refusals = 0;
  let last: { replica?: unknown } | undefined;
  for (;;) {
    const body = stream ? untilRead(stream, request.signal) : undefined;
    try {
      return (await pool.send(body ? { ...request, body: body.chunks, signal: body.signal } : request, last)).response;
    } catch (err) {
      if (request.signal?.aborted) throw err;
      const failure = classifyFailure(err);
      last = err as { replica?: unknown };
      if (failure === 'refused') {
        if (!body?.read() && ++refusals < pool.origins.length) continue;
        // Every replica refused: a lone one (or all of them) is given a moment to come back.
        if (replayable && Date.now() + RETRY_PAUSE_MS < deadline) {
          await sleep(RETRY_PAUSE_MS);
          continue;
        }
        throw err;
      }
      if (failure === 'reset' && replayable && !resetRetried) {
        resetRetried = true;
        continue;
      }
      throw err;
    } finally {
      body?.settled();
    }
  }
}

/**
 * A stream body handed to one attempt as an async iterable that reads the stream only once the
 * request is being written: a replica never reached leaves it unread for the next attempt. (undici
 * destroys a stream body when its request fails; it does not destroy an iterable.) An error of the
 * stream once read (a stalled upload's 408, a client gone) ends the attempt at once, as undici does
 * for a stream body: a service that stopped reading would otherwise hold it until its timeout.
 */
function untilRead(stream: Readable, signal?: AbortSignal): { chunks: AsyncIterable<Buffer>; signal: AbortSignal; read: () => boolean; settled: () => void } {
  let started = false;
  const cut = new AbortController();
  const onError = (err: Error) => {
    if (started) cut.abort(err);
  };
  stream.on('error', onError);
  async function* chunks(): AsyncGenerator<Buffer> {
    started = true;
    if (stream.errored) cut.abort(stream.errored);
    for await (const chunk of stream) yield chunk as Buffer;
  }
  return {
    chunks: chunks(),
    signal: signal ? AbortSignal.any([signal, cut.signal]) : cut.signal,
    read: () => started,
    settled: () => stream.off('error', onError),
  };
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
