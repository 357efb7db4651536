import type { IncomingMessage } from 'node:http';
import { API_MESSAGES } from '@coinmag/contracts';
import { HttpError, PayloadTooLargeError } from '@coinmag/service-kit';

/** A body that did not arrive in time: 408, and the connection closes behind the answer. */
export class BodyTimeoutError extends HttpError {
  readonly code = 'CLIENT_BODY_TIMEOUT';
  constructor() {
    super(408, API_MESSAGES.requestTimeout, undefined, { Connection: 'close' });
  }
}

export function bodyTooLarge(): PayloadTooLargeError {
  const error = new PayloadTooLargeError(API_MESSAGES.requestTooLarge);
  // Read no further; the answer goes out and the connection closes behind it.
  Object.assign(error.headers, { Connection: 'close' });
  return error;
}

/** True when the request says it carries a body (a length above 0, or chunked). */
export function hasRequestBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads a whole request body of at most `limit` bytes, all of it within `deadlineMs` of the
 * call: a client that sends a length and then trickles (or nothing) gets 408 and holds no
 * service connection meanwhile. A body over the limit is 413 (also when sent chunked).
 */
export function readBodyWithin(req: IncomingMessage, limit: number, deadlineMs: number): Promise<Buffer> {
  if (Number(req.headers['content-length']) > limit) return Promise.reject(bodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: Error | undefined) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (error) {
        req.pause();
        reject(error);
      } else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(bodyTooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => finish(undefined);
    const onError = (err: Error) => finish(err);
    const onAborted = () => finish(Object.assign(new Error('client closed the request'), { code: 'ECONNRESET' }));
    const timer = setTimeout(() => finish(new BodyTimeoutError()), deadlineMs);
    if (req.readableEnded) return finish(undefined);
    req.on('data', onData).once('end', onEnd).once('error', onError).once('aborted', onAborted);
  });
}
