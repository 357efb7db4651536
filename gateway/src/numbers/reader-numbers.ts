import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { READER_NUMBERS_PATH } from '@coinmag/contracts';
import { FORWARDING_SECRET_HEADER, type Logger } from '@coinmag/service-kit';
import { readBody } from '../proxy/send.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import { readerEvent } from './reader-events.js';
import { ReaderTally } from './reader-tally.js';

/** An answered request as `observe` reads it: a Koa context, or what a lane before Koa answered. */
export interface ObservedRequest {
  readonly method: string;
  readonly path: string;
  readonly querystring: string;
  readonly status: number;
  readonly req: { readonly headers: IncomingHttpHeaders };
}

export interface ReaderNumbersOptions {
  content: UpstreamPool;
  timeoutMs: number;
  forwardingSecret?: string;
  log: Logger;
  /** How often the tally is handed to the content service (READER_NUMBERS_FLUSH_MS). */
  flushMs: number;
}

/**
 * The editor's numbers as the gateway sees them (docs/product.md, What is recorded): every answered
 * request is looked at once by the edge stage, or by the page lane before Koa (`observe`); a
 * search or a missing page is counted in the process, and the tally goes to the content service once per `flushMs` in one request
 * (`POST /internal/reader-numbers`), which adds it to Postgres in one statement per table. A
 * hand-over that fails is kept for the next (bounded by the tally's size); on SIGTERM what is
 * held is handed over.
 */
export class ReaderNumbers {
  private readonly tally = new ReaderTally();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly options: ReaderNumbersOptions) {}

  /** Called for every answered request (edge stage, page lane): cheap for all but a search or a 404. */
  observe(ctx: ObservedRequest): void {
    const status = ctx.status;
    if (status !== 404 && status !== 301 && !(status === 200 && ctx.path === '/search')) return;
    const event = readerEvent({
      method: ctx.method,
      path: ctx.path,
      querystring: ctx.querystring,
      status,
      userAgent: ctx.req.headers['user-agent'],
      referer: ctx.req.headers.referer,
    });
    if (event) this.tally.add(event);
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Hands over what is held now (one hand-over at a time). */
  flush(): Promise<void> {
    this.flushing ??= this.handOver().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async handOver(): Promise<void> {
    if (this.tally.empty) return;
    const dropped = this.tally.dropped;
    const batch = this.tally.take();
    if (dropped > 0) this.options.log.warn({ dropped }, 'reader numbers: tally full, some searches or missing pages not counted');
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': randomUUID() };
    if (this.options.forwardingSecret) headers[FORWARDING_SECRET_HEADER] = this.options.forwardingSecret;
    try {
      const sent = await this.options.content.send({ method: 'POST', path: READER_NUMBERS_PATH, headers, body: Buffer.from(JSON.stringify(batch)), timeoutMs: this.options.timeoutMs });
      await readBody(sent.response.body, 64 * 1024);
      if (sent.response.statusCode >= 500) throw new Error(`content service answered ${sent.response.statusCode}`);
      // Refused as it is (an older service, a shape it does not take): sending it again would not help.
      if (sent.response.statusCode !== 200) this.options.log.error({ status: sent.response.statusCode }, 'reader numbers: hand-over refused; dropped');
    } catch (err) {
      // Kept for the next hand-over. A hand-over whose answer was lost after it landed is counted twice: rare, and only numbers.
      this.tally.putBack(batch);
      this.options.log.warn({ err }, 'reader numbers: hand-over failed; kept for the next');
    }
  }
}
