import { WEBHOOK_HEADERS } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import type { EndpointRow, WebhooksRepository } from '../webhooks/webhooks.repository.js';
import { guardedPost, OutboundError, type OutboundLimits } from './guarded-post.js';
import type { AttemptRecord, OutboxRepository, OutboxRow } from './outbox.repository.js';
import { signWebhook } from './webhook-signature.js';

export interface IndexNowTarget {
  /** The search engines' shared endpoint (INDEXNOW_ENDPOINT), e.g. https://api.indexnow.org/indexnow. */
  endpoint: string;
  /** The site's public origin (SITE_ORIGIN): the host submitted and where the key file is. */
  siteOrigin: string;
  /** The key of the settings, read at send time. */
  key: () => Promise<string>;
}

export interface OutboxWorkerOptions {
  limits: OutboundLimits;
  /** The first retry's delay; each next one doubles, up to an hour (docs/product.md §11). */
  retryBaseMs: number;
  /** How long after the change a delivery is still tried. */
  retryWindowMs: number;
  indexNow?: IndexNowTarget;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  limits: { timeoutMs: 10_000, allowedHosts: [] },
  retryBaseMs: 30_000,
  retryWindowMs: 24 * 60 * 60_000,
};

const MAX_RETRY_MS = 60 * 60_000;
/** Webhook deliveries in flight at once, each on its own: a receiver that never answers holds only its own. */
const WEBHOOK_CONCURRENCY = 20;
/** IndexNow takes up to 10,000 URLs a request; a batch of messages holds one to two each. */
const INDEXNOW_BATCH = 1000;
const MAX_SLEEP_MS = 1000;
/** Finished deliveries stay in the log this long. */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Sends what the outbox holds: each webhook delivery signed to its endpoint, IndexNow's URLs in
 * one request per pass. A failure is tried again with a doubling delay until the retry window
 * closes; a process that dies mid-send leaves the messages to be sent again once its lease ends.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private running: Promise<unknown> = Promise.resolve();
  private prunedAt = 0;
  /** Webhook deliveries sent and not yet finished (answered, failed or timed out, and recorded). */
  private readonly delivering = new Set<Promise<void>>();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly endpoints: WebhooksRepository,
    private readonly options: OutboxWorkerOptions,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The outbound bounds (the webhooks' admin checks a URL against the same allowed hosts when it is saved). */
  get limits(): OutboundLimits {
    return this.options.limits;
  }

  /** One pass over everything due, its webhook deliveries finished too; the number of messages tried. */
  async runOnce(): Promise<number> {
    const { tried, deliveries } = await this.pass();
    await Promise.all(deliveries);
    return tried;
  }

  /**
   * Claims what is due and starts its webhook deliveries without waiting for them (runOnce and the
   * loop's next pass do not wait on a receiver that is slow to answer: each delivery is on its own,
   * its lease keeping it from being claimed again meanwhile). Hourly, the log's old entries go.
   */
  private async pass(): Promise<{ tried: number; deliveries: Promise<void>[] }> {
    const [deliveries, indexNow] = await Promise.all([this.startWebhooks(), this.sendIndexNow()]);
    const now = this.clock().getTime();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await this.outbox.prune(new Date(now - OUTBOX_KEEP_MS));
    }
    return { tried: deliveries.length + indexNow, deliveries };
  }

  start(): void {
    this.stopped = false;
    void this.loop();
  }

  /** Sends at once what a change just wrote, instead of at the next tick. */
  nudge(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await Promise.all(this.delivering);
  }

  private async loop(): Promise<void> {
    if (this.stopped) return;
    this.timer = undefined;
    const pass = this.running.then(() => this.pass()).catch((err) => this.log.error({ err }, 'outbox pass failed; will retry'));
    this.running = pass;
    await pass;
    if (this.stopped || this.timer) return;
    const next = await this.outbox.nextDue().catch(() => undefined);
    const wait = next ? Math.max(0, Math.min(MAX_SLEEP_MS, next.getTime() - this.clock().getTime())) : MAX_SLEEP_MS;
    this.timer = setTimeout(() => void this.loop(), wait);
  }

  private lease(now: Date): Date {
    return new Date(now.getTime() + this.options.limits.timeoutMs + 30_000);
  }

  /** Claims due deliveries, as many as there is room for in flight, and starts each; their promises. */
  private async startWebhooks(): Promise<Promise<void>[]> {
    const room = WEBHOOK_CONCURRENCY - this.delivering.size;
    if (room <= 0) return [];
    const now = this.clock();
    const rows = await this.outbox.claim('webhook', now, this.lease(now), room);
    if (rows.length === 0) return [];
    const endpoints = new Map((await this.endpoints.findMany([...new Set(rows.map((row) => row.endpoint_id!))])).map((e) => [e.id, e]));
    return rows.map((row) => {
      const endpoint = endpoints.get(row.endpoint_id!);
      if (!endpoint) return Promise.resolve();
      const delivery: Promise<void> = this.deliver(row, endpoint)
        .catch((err: unknown) => this.log.error({ err, delivery: row.id }, 'webhook delivery not recorded; sent again after its lease'))
        .finally(() => this.delivering.delete(delivery));
      this.delivering.add(delivery);
      return delivery;
    });
  }

  private async deliver(row: OutboxRow, endpoint: EndpointRow): Promise<void> {
    const body = JSON.stringify({ id: row.id, event: row.event, occurred_at: new Date(row.created_at).toISOString(), ...row.payload });
    const timestamp = Math.floor(this.clock().getTime() / 1000);
    const headers = {
      [WEBHOOK_HEADERS.event]: row.event,
      [WEBHOOK_HEADERS.delivery]: String(row.id),
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(endpoint.secret, timestamp, body),
    };
    const attempt = await this.post(endpoint.url, body, headers);
    const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
    await this.finish([row], attempt, ok);
  }

  private async sendIndexNow(): Promise<number> {
    const target = this.options.indexNow;
    if (!target) return 0;
    const now = this.clock();
    const rows = await this.outbox.claim('indexnow', now, this.lease(now), INDEXNOW_BATCH);
    if (rows.length === 0) return 0;
    const key = await target.key();
    const origin = target.siteOrigin.replace(/\/$/, '');
    const urls = [...new Set(rows.flatMap((row) => (row.payload.urls as string[] | undefined) ?? []))];
    if (!key) {
      await this.outbox.finishAttempt(rows.map((row) => row.id), { statusCode: null, error: '未設定 IndexNow 金鑰', durationMs: 0 }, { failed: true }, this.clock());
      return rows.length;
    }
    const body = JSON.stringify({ host: new URL(origin).host, key, keyLocation: `${origin}/${key}.txt`, urlList: urls });
    const attempt = await this.post(target.endpoint, body, {});
    const status = attempt.statusCode;
    // 400, 403 and 422 mean the request itself is wrong (key, host, URLs): sending it again changes nothing.
    if (status === 400 || status === 403 || status === 422) {
      await this.outbox.finishAttempt(rows.map((row) => row.id), attempt, { failed: true }, this.clock());
      this.log.warn({ status }, 'IndexNow refused the submission');
      return rows.length;
    }
    await this.finish(rows, attempt, status !== null && status >= 200 && status < 300);
    return rows.length;
  }

  private async post(url: string, body: string, headers: Record<string, string>): Promise<AttemptRecord> {
    const started = Date.now();
    try {
      const statusCode = await guardedPost(url, body, headers, this.options.limits);
      return { statusCode, error: statusCode >= 200 && statusCode < 300 ? '' : `HTTP ${statusCode}`, durationMs: Date.now() - started };
    } catch (err) {
      const message = err instanceof OutboundError ? err.message : '傳送失敗';
      return { statusCode: null, error: message, durationMs: Date.now() - started };
    }
  }

  private async finish(rows: OutboxRow[], attempt: AttemptRecord, ok: boolean): Promise<void> {
    const now = this.clock();
    const ids = rows.map((row) => row.id);
    if (ok) return this.outbox.finishAttempt(ids, attempt, { delivered: true }, now);
    // Rows of one batch share their attempt count closely enough: the first sets the delay.
    const first = rows[0]!;
    const delay = Math.min(MAX_RETRY_MS, this.options.retryBaseMs * 2 ** Math.max(0, first.attempts - 1));
    const retryAt = new Date(now.getTime() + delay);
    const closes = new Date(first.created_at).getTime() + this.options.retryWindowMs;
    return this.outbox.finishAttempt(ids, attempt, retryAt.getTime() > closes ? { failed: true } : { retryAt }, now);
  }
}
