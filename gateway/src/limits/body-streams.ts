import { PassThrough, type Readable } from 'node:stream';
import type { Context } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { ServiceUnavailableError, TooManyRequestsError } from '@coinmag/service-kit';
import { BodyTimeoutError } from './read-body.js';
import { BUSY_RETRY_AFTER_SECONDS, type GatewayLimits } from './limits-config.js';

/**
 * The streamed bodies (uploads) in flight: at most `perClient` for one client address and
 * `total` in all, each cut with 408 when it goes `idleMs` without a byte. A stalled upload
 * thus holds a service connection for seconds, and only a few of them at once.
 */
export class BodyStreams {
  private readonly perClient = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: Pick<GatewayLimits, 'streamsPerClient' | 'streamsTotal' | 'streamIdleMs'>) {}

  /** The request body as a stream for the service, with a slot held until the response closes. */
  open(ctx: Context): Readable {
    const address = ctx.ip;
    const mine = this.perClient.get(address) ?? 0;
    if (this.limits.streamsPerClient > 0 && mine >= this.limits.streamsPerClient) throw new TooManyRequestsError(API_MESSAGES.tooManyRequests, BUSY_RETRY_AFTER_SECONDS);
    if (this.limits.streamsTotal > 0 && this.total >= this.limits.streamsTotal) throw new ServiceUnavailableError(API_MESSAGES.serviceBusy, BUSY_RETRY_AFTER_SECONDS);
    this.perClient.set(address, mine + 1);
    this.total += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perClient.get(address) ?? 1) - 1;
      if (left <= 0) this.perClient.delete(address);
      else this.perClient.set(address, left);
    };
    ctx.res.once('close', release);
    return withIdleDeadline(ctx.req, this.limits.streamIdleMs, release);
  }
}

/** `source` passed through, failing with BodyTimeoutError when no byte comes for `idleMs`. */
function withIdleDeadline(source: Readable, idleMs: number, onDone: () => void): Readable {
  const out = new PassThrough();
  let timer = setTimeout(() => stall(), idleMs);
  const stall = () => {
    source.unpipe(out);
    source.pause();
    out.destroy(new BodyTimeoutError());
  };
  source.on('data', () => {
    clearTimeout(timer);
    timer = setTimeout(stall, idleMs);
  });
  const done = () => {
    clearTimeout(timer);
    onDone();
  };
  source.once('end', () => clearTimeout(timer));
  source.once('aborted', () => out.destroy(Object.assign(new Error('client closed the request'), { code: 'ECONNRESET' })));
  out.once('close', done);
  source.pipe(out);
  return out;
}
