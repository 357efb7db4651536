import { VIEW_BATCHES_MAX, type ViewArticlesAnswer } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import { DEFAULT_ADMISSION_LIMITS } from './keys.js';
import type { RedisViewStore } from './redis-view-store.js';
import { ViewAdmission } from './view-admission.js';
import { ViewArticles } from './view-articles.js';
import { ViewTally, type CountedArticle, type ViewBatch } from './view-tally.js';
import { Views, type Beacon } from './views.js';

/** How views are counted, as the content service says with every article it names (its limits, flush interval and Redis prefix). */
export type CountingRules = Omit<ViewArticlesAnswer, 'articles'>;

/** Until the content service has said how often: its default. */
const DEFAULT_HAND_OVER_MS = 3000;
/** The content service checks a page view's id as a UUID; any other goes to it to be refused. */
const PAGE_VIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the gateway asks of the content service for view counting (its internal routes, over HTTP). */
export interface ContentCounting<Otherwise> {
  /** Slugs asked at once at most. */
  readonly maxSlugs: number;
  /** The public articles these slugs name, and the rules the content service counts by. */
  articles(slugs: string[]): Promise<{ articles: Map<string, CountedArticle | null>; rules: CountingRules }>;
  /** Hands closed batches over to be applied to Postgres; true once applied (applying twice adds nothing). */
  handOver(batches: readonly ViewBatch[]): Promise<boolean>;
  /** Has the content service count (or refuse) a beacon the gateway does not count, and answers its answer. */
  count(beacon: Beacon): Promise<Otherwise>;
}

export interface GatewayViewsOptions<Otherwise> {
  /** The content service's Redis, under its key prefix (REDIS_KEY_PREFIX: must be the content service's, which it says). */
  store: RedisViewStore;
  content: ContentCounting<Otherwise>;
  log: Logger;
  /**
   * Whether the article versions in Redis can be believed: the gateway's invalidation feed is up
   * and the content service says its own invalidations are all recorded.
   */
  trusted: () => boolean;
}

/**
 * View counting in the gateway (docs/adr/0012): beacons counted in the content service's Redis with
 * no hop, against the articles the content service names; what is counted is held here and in
 * Redis and handed to the content service every flush interval, which applies it to Postgres. A
 * beacon it does not count (Redis unusable, the versions not to be believed, an article not public or
 * still changing, a page view id the content service refuses, before the content service has said
 * how views are counted) the content service counts: `views.count` answers its answer.
 */
export class GatewayViews<Otherwise> {
  readonly views: Views<Otherwise>;
  readonly tally: ViewTally;
  readonly articles: ViewArticles;
  private rules?: CountingRules;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private handing: Promise<boolean> | undefined;

  constructor(private readonly options: GatewayViewsOptions<Otherwise>) {
    const { store, content, trusted } = options;
    this.tally = new ViewTally(store);
    this.articles = new ViewArticles({
      maxSlugs: content.maxSlugs,
      read: async (slugs) => {
        const { articles, rules } = await content.articles(slugs);
        this.rules = rules;
        return articles;
      },
    });
    this.views = new Views<Otherwise>({
      articles: this.articles,
      admission: new ViewAdmission(store, DEFAULT_ADMISSION_LIMITS),
      tally: this.tally,
      usable: (beacon) => !this.stopped && store.ready && trusted() && (beacon.pageViewId === undefined || PAGE_VIEW_ID.test(beacon.pageViewId)),
      // Only in the content service's own Redis and prefix (which it names with every article).
      limits: () => (this.rules?.prefix === store.keyPrefix ? this.rules.limits : undefined),
      otherwise: (beacon) => content.count(beacon),
    });
  }

  /** Hands counted views over every flush interval of the content service. */
  start(): void {
    const tick = () => {
      if (this.stopped) return;
      void this.handOver().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(tick, this.rules?.flushIntervalMs ?? DEFAULT_HAND_OVER_MS);
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
    while (!(await this.handOver()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const held = this.tally.heldHere();
    // Redis still holds them: a content process applies them once this gateway's batches are 10 s old.
    if (held > 0) this.options.log.warn({ held }, 'counted views not handed over at shutdown; left in Redis for the content service');
  }

  /** Closes the current batch and hands every closed one over; true when nothing is left held. One at a time. */
  handOver(): Promise<boolean> {
    this.handing ??= this.handOverNow().finally(() => (this.handing = undefined));
    return this.handing;
  }

  private async handOverNow(): Promise<boolean> {
    // A batch that counted nothing has nothing anywhere: no hand-over for it.
    for (const batch of await this.tally.close()) if (batch.counts.size === 0) this.tally.applied(batch);
    const closed = this.tally.closed;
    if (closed.length === 0) return true;
    const handed = closed.slice(0, VIEW_BATCHES_MAX);
    if (!(await this.options.content.handOver(handed))) return false;
    for (const batch of handed) this.tally.applied(batch);
    // Postgres's figures held here predate the hand-over: read them again.
    this.articles.handedOver();
    return this.tally.closed.length === 0;
  }
}
