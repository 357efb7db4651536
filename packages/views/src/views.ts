import type { AdmissionLimits, Reader } from './keys.js';
import type { ViewAdmission } from './view-admission.js';
import type { KnownArticle, ViewArticles } from './view-articles.js';
import type { ViewTally } from './view-tally.js';
import { beaconBucket } from './view-buckets.js';

/**
 * A view beacon as the page sends it and the edge sees it. New facts about a page view (say, where
 * the reader came from) are new fields here, carried to the store by `count`.
 */
export interface Beacon extends Reader {
  /** The article's slug, decoded from the path. */
  slug: string;
  /**
   * The referring site's host as the page sent it, checked at the edge (`checkedReferrerHost`) and
   * '' or absent when there is none, it is garbage or it is this site's own: the view's source.
   */
  referrer?: string;
}

/** A beacon's answer: the article's live count and whether this beacon added a view. */
export interface CountedBeacon {
  /** Postgres's figure (at most a few seconds old) plus what every process has not flushed yet; never lower than answered before. */
  view_count: number;
  /** Whether this beacon added a view (false for a repeat or a beacon over the limits). */
  counted: boolean;
}

/** Tries of the script before a beacon whose article keeps changing is counted otherwise. */
const STAMP_TRIES = 3;

export interface ViewsOptions<Otherwise> {
  articles: ViewArticles;
  admission: ViewAdmission;
  tally: ViewTally;
  /**
   * Whether this beacon may be counted by the script now: the article versions in the store can be
   * believed (this process's invalidations are all recorded, or the gateway's feed is up), and
   * anything else the process requires of it.
   */
  usable: (beacon: Beacon) => boolean;
  /** The limits to admit under (undefined: not known yet here; counted otherwise). Default: the admission's own. */
  limits?: () => AdmissionLimits | undefined;
  /** The count to answer when the script was sent and its answer lost (the view is held). Default: Postgres's figure. */
  uncertain?: (article: KnownArticle) => Promise<number>;
  /**
   * What answers a beacon the script does not count: the store unusable or unreachable, the article
   * not public or still changing. The content service counts it step by step (each step with its
   * fallback); the gateway hands it to the content service.
   */
  otherwise: (beacon: Beacon) => Promise<Otherwise>;
}

/**
 * Counting a page view, one API for every process that counts: `count(beacon)` admits the reader
 * (one view per reader per article per window, limits per address), finds the article (no row read,
 * no hop, while its entry holds), counts, ranks and answers in one script call, and holds the view
 * until Postgres has it (ViewTally). A beacon it cannot count that way goes to `otherwise`.
 */
export class Views<Otherwise = CountedBeacon> {
  constructor(private readonly options: ViewsOptions<Otherwise>) {}

  async count(beacon: Beacon): Promise<CountedBeacon | Otherwise> {
    if (!this.options.usable(beacon)) return this.options.otherwise(beacon);
    const counted = await this.byScript(beacon).catch(() => undefined);
    return counted ?? this.options.otherwise(beacon);
  }

  private async byScript(beacon: Beacon): Promise<CountedBeacon | undefined> {
    const { articles, admission, tally } = this.options;
    let article = await articles.find(beacon.slug);
    const limits = this.options.limits ? this.options.limits() : admission.limits;
    if (!limits) return undefined;
    for (let tries = 0; article && tries < STAMP_TRIES; tries += 1) {
      const now = Date.now();
      const check = await admission.check(article.id, beacon, limits);
      const outcome = await tally.recordBeacon(article, check, now, beaconBucket(article.id, now, beacon));
      switch (outcome.decision) {
        case 'unsent':
          return undefined;
        case 'uncertain':
          return { view_count: articles.answer(article.id, this.options.uncertain ? await this.options.uncertain(article) : article.base), counted: true };
        case 'stale':
          // The article changed since it was read: read again, under the versions of now.
          article = await articles.read(beacon.slug);
          continue;
        default:
          return { view_count: articles.answer(article.id, outcome.count), counted: outcome.decision === 'pass' || outcome.decision === 'replay' };
      }
    }
    if (article) articles.forget(beacon.slug);
    return undefined;
  }
}
