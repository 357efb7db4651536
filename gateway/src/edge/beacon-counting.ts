import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { admissionCheck, BeaconScript, viewWindow, type Logger } from '@coinmag/service-kit';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import { BeaconArticles, type CountingRules } from './beacon-articles.js';
import { BeaconTally } from './beacon-tally.js';
import type { BeaconTarget } from './request-area.js';

/** Tries of the script before a beacon whose article keeps changing goes to the content service. */
const STAMP_TRIES = 3;
/** How long Redis is left alone after a command could not be sent. */
const REDIS_RETRY_MS = 1000;
/** Until the content service has said how often: its default. */
const DEFAULT_HAND_OVER_MS = 3000;
/** The content service checks a page view's id as a UUID; any other goes to it to be refused. */
const PAGE_VIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BeaconCountingOptions {
  /** The content service's Redis, its key prefix applied by the client (`keyPrefix`). */
  redis: Redis;
  /** REDIS_KEY_PREFIX: must be the content service's, which it says with every article. */
  prefix: string;
  content: UpstreamPool;
  timeoutMs: number;
  forwardingSecret?: string;
  log: Logger;
  /**
   * Whether the article versions in Redis can be believed: the gateway's invalidation feed is up
   * and the content service says its own invalidations are all recorded. Otherwise beacons go to
   * the content service, which knows for itself.
   */
  trusted: () => boolean;
}

export interface CountedBeacon {
  view_count: number;
  counted: boolean;
}

/**
 * A view beacon counted by the gateway itself, with no hop to the content service: the same
 * admission keys, limits and script the content service uses (service-kit's views module), in its
 * Redis, against the article the content service named (BeaconArticles); what it counts is held
 * here and in Redis until handed over (BeaconTally). Answers undefined when the beacon should go to
 * the content service instead: Redis unreachable, the versions not to be believed, an article that
 * is not public or keeps changing, a page view id the content service refuses, or before the
 * content service has said how views are counted.
 */
export class BeaconCounting {
  readonly articles: BeaconArticles;
  readonly tally: BeaconTally;
  private readonly script: BeaconScript;
  private readonly secrets = new Map<number, Buffer>();
  private redisDownUntil = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly options: BeaconCountingOptions) {
    this.script = new BeaconScript(options.redis, options.prefix);
    this.articles = new BeaconArticles(options.content, options.timeoutMs);
    this.tally = new BeaconTally({ script: this.script, content: options.content, timeoutMs: options.timeoutMs, forwardingSecret: options.forwardingSecret, log: options.log,
      handedOver: () => this.articles.handedOver(),
    });
  }

  /** Hands counted views over every flush interval of the content service. */
  start(): void {
    const tick = () => {
      if (this.stopped) return;
      void this.tally.handOver().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(tick, this.articles.rules?.flushIntervalMs ?? DEFAULT_HAND_OVER_MS);
        this.timer.unref();
      });
    };
    this.timer = setTimeout(tick, DEFAULT_HAND_OVER_MS);
    this.timer.unref();
  }

  /** Stops counting and hands over what is held, trying for up to `withinMs`. */
  async stop(withinMs = 10_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const deadline = Date.now() + withinMs;
    while (!(await this.tally.handOver()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const held = this.tally.heldHere();
    // Redis still holds them: a content process applies them once this gateway's batches are 10 s old.
    if (held > 0) this.options.log.warn({ held }, 'counted views not handed over at shutdown; left in Redis for the content service');
  }

  /** Counts a beacon here, or answers undefined to have the content service count it. */
  async count(target: BeaconTarget, address: string, userAgent: string): Promise<CountedBeacon | undefined> {
    if (!this.usable()) return undefined;
    if (target.pv !== undefined && !PAGE_VIEW_ID.test(target.pv)) return undefined;
    let article = await this.articles.find(target.slug);
    // Only in the content service's own Redis and prefix (which it names with every article).
    if (this.articles.rules?.prefix !== this.options.prefix) return undefined;
    for (let tries = 0; article && tries < STAMP_TRIES; tries += 1) {
      const limits = this.articles.rules!.limits;
      const now = Date.now();
      const secret = await this.secret(now, limits);
      const outcome = await this.tally.record(article, admissionCheck(secret, limits, now, article.id, { address, userAgent, pageViewId: target.pv }), now);
      switch (outcome.decision) {
        case 'unsent':
          this.redisDownUntil = Date.now() + REDIS_RETRY_MS;
          return undefined;
        case 'uncertain':
          return { view_count: this.articles.answer(article.id, article.base), counted: true };
        case 'stale':
          // The article changed since it was asked for: asked again, under the versions of now.
          article = await this.articles.read(target.slug);
          continue;
        default:
          return { view_count: this.articles.answer(article.id, outcome.count), counted: outcome.decision === 'pass' || outcome.decision === 'replay' };
      }
    }
    if (article) this.articles.forget(target.slug);
    return undefined;
  }

  /** Whether beacons can be counted here now. */
  private usable(): boolean {
    return !this.stopped && this.options.redis.status === 'ready' && Date.now() >= this.redisDownUntil && this.options.trusted();
  }

  /** This window's secret, shared with the content service through Redis; lives two windows. */
  private async secret(now: number, limits: CountingRules['limits']): Promise<Buffer> {
    const { window, secretKey, secretTtlMs } = viewWindow(now, limits);
    const known = this.secrets.get(window);
    if (known) return known;
    const redis = this.options.redis;
    await redis.set(secretKey, randomBytes(32).toString('base64'), 'PX', secretTtlMs, 'NX');
    const value = await redis.get(secretKey);
    if (!value) throw new Error('view secret not stored');
    const secret = Buffer.from(value, 'base64');
    if (this.secrets.size >= 4) this.secrets.delete(this.secrets.keys().next().value!);
    this.secrets.set(window, secret);
    return secret;
  }
}
