import { randomUUID } from 'node:crypto';
import { VIEW_ARTICLES_MAX, VIEW_ARTICLES_PATH, VIEW_BATCHES_PATH, type ViewArticlesAnswer, type ViewBatchesHandOver, type ViewBeaconAnswer } from '@coinmag/contracts';
import { FORWARDING_SECRET_HEADER, type Logger } from '@coinmag/service-kit';
import type { Beacon, ContentCounting, CountedArticle, ViewBatch } from '@coinmag/views';
import { readBody, sendWithRetry } from '../proxy/send.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import { BeaconBatches } from './beacon-batches.js';

const MAX_ARTICLES_ANSWER_BYTES = VIEW_ARTICLES_MAX * 1024;
/** How long a question waits for a content service that refuses connections (restarting): a beacon waits no longer. */
const REPLICA_WAIT_MS = 1000;

export interface ContentCountingOptions {
  content: UpstreamPool;
  timeoutMs: number;
  /** FORWARDING_SECRET: the content service believes the beacons' addresses and hand-overs only with it. */
  forwardingSecret?: string;
  log: Logger;
}

/**
 * The content service's internal view routes, as the gateway's view counting (`@coinmag/views`'s
 * GatewayViews) asks them: which public article a slug names, the hand-over of counted batches, and
 * the beacons the gateway does not count, sent on in batches (BeaconBatches). Transport only: what
 * is counted, and when, is the views module's.
 */
export class HttpContentCounting implements ContentCounting<ViewBeaconAnswer> {
  readonly maxSlugs = VIEW_ARTICLES_MAX;
  private readonly batches: BeaconBatches;

  constructor(private readonly options: ContentCountingOptions) {
    this.batches = new BeaconBatches({ content: options.content, timeoutMs: options.timeoutMs, forwardingSecret: options.forwardingSecret });
  }

  count({ slug, pageViewId, address, userAgent, referrer }: Beacon): Promise<ViewBeaconAnswer> {
    return this.batches.send({ slug, ...(pageViewId === undefined ? {} : { pv: pageViewId }), address, userAgent, ...(referrer ? { referrer } : {}) });
  }

  async articles(slugs: string[]): ReturnType<ContentCounting<ViewBeaconAnswer>['articles']> {
    const query = slugs.map((slug) => `slug=${encodeURIComponent(slug)}`).join('&');
    const response = await sendWithRetry(
      this.options.content,
      { method: 'GET', path: `${VIEW_ARTICLES_PATH}?${query}`, headers: { accept: 'application/json' }, body: null, timeoutMs: this.options.timeoutMs },
      // A replica that refuses (stopping, killed) is passed over for another at once.
      { waitForRestartMs: REPLICA_WAIT_MS },
    );
    const raw = await readBody(response.body, MAX_ARTICLES_ANSWER_BYTES);
    if (response.statusCode !== 200) throw new Error(`the content service answered ${response.statusCode} for beacons' articles`);
    const { articles, ...rules } = JSON.parse(raw.toString('utf8')) as ViewArticlesAnswer;
    const found = new Map<string, CountedArticle | null>();
    for (const slug of slugs) found.set(slug, articles[slug] ?? null);
    return { articles: found, rules };
  }

  /** Sends a hand-over, to each replica in turn until one applies it (applying it twice adds nothing). */
  async handOver(batches: readonly ViewBatch[]): Promise<boolean> {
    const body = Buffer.from(JSON.stringify({ batches: batches.map(({ name, counts, buckets }) => ({ name, counts: Object.fromEntries(counts), buckets: Object.fromEntries(buckets) })) } satisfies ViewBatchesHandOver));
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': randomUUID() };
    if (this.options.forwardingSecret) headers[FORWARDING_SECRET_HEADER] = this.options.forwardingSecret;
    const { content, timeoutMs, log } = this.options;
    let last: { replica?: unknown } | undefined;
    const tried = new Set<unknown>();
    for (let attempt = 0; attempt < Math.max(2, content.origins.length); attempt += 1) {
      try {
        const sent = await content.send({ method: 'POST', path: VIEW_BATCHES_PATH, headers, body, timeoutMs }, last, tried);
        last = sent;
        tried.add(sent.replica);
        const answer = await readBody(sent.response.body, 4096);
        if (sent.response.statusCode === 200) return true;
        log.warn({ status: sent.response.statusCode, answer: answer.toString('utf8').slice(0, 200) }, 'counted views not handed over; tried again');
      } catch (err) {
        last = err as { replica?: unknown };
        if (last.replica) tried.add(last.replica);
        log.warn({ err: (err as Error).message }, 'counted views not handed over; tried again');
      }
    }
    return false;
  }
}
