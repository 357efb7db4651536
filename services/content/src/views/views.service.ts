import { API_MESSAGES } from '@coinmag/contracts';
import { NotFoundError, ServiceUnavailableError, SHOWN_TTL_MS } from '@coinmag/service-kit';
import { ARTICLE_STAMP_KEYS, type BeaconArticle, type BeaconArticles } from './beacon-articles.js';
import type { PopularRanking } from './popular-ranking.js';
import type { Reader, ViewAdmission } from './view-admission.js';
import type { ViewCounter } from './view-counter.js';
import type { ViewsRepository } from './views.repository.js';

export interface BeaconAnswer {
  /** The article's count: Postgres's figure (at most a few seconds old) plus what every process has not flushed yet. */
  view_count: number;
  /** Whether this beacon added a view (false for a repeat or a beacon over the limits). */
  counted: boolean;
}

/** Tries of the one-round-trip path before a beacon whose article keeps changing takes the other. */
const STAMP_TRIES = 3;

export interface FastBeacons {
  articles: BeaconArticles;
  /** Whether this process's invalidations are all recorded in the store (the stamps say nothing otherwise). */
  stampsTrusted: () => boolean;
}

/**
 * A page view: admitted (one per reader and window, limits per address), counted, ranked.
 * With `fast`, in one Redis round trip and no Postgres read (see BeaconArticles); when Redis
 * cannot be used, the article is read from Postgres and each step keeps its own fallback.
 */
export class ViewsService {
  constructor(
    private readonly repository: ViewsRepository,
    private readonly admission: ViewAdmission,
    private readonly counter: ViewCounter,
    private readonly ranking: PopularRanking,
    private readonly clock: () => Date = () => new Date(),
    private readonly fast?: FastBeacons,
  ) {}

  /**
   * The public articles these slugs name, read now with the article versions read before them, for
   * a process that counts beacons with the same script (the gateway); undefined for a slug none is.
   * Unavailable while the versions say nothing (no shared Redis, or an invalidation not recorded).
   */
  async articlesForCounting(slugs: string[]): Promise<Map<string, BeaconArticle | undefined>> {
    const fast = this.fast;
    if (!fast || !fast.stampsTrusted()) throw new ServiceUnavailableError('瀏覽次數暫時由內容服務計算');
    return fast.articles.readMany(slugs);
  }

  async beacon(slug: string, reader: Reader): Promise<BeaconAnswer> {
    const fast = this.fast;
    if (!fast || !fast.stampsTrusted()) return this.beaconStepByStep(slug, reader);
    let article = await fast.articles.find(slug).catch(() => null);
    if (article === null) return this.beaconStepByStep(slug, reader);
    for (let tries = 0; tries < STAMP_TRIES; tries += 1) {
      if (!article) throw new NotFoundError(API_MESSAGES.articleNotFound);
      const check = await this.admission.check(article.id, reader).catch(() => undefined);
      if (!check) break;
      const outcome = await this.counter.recordBeacon(article.id, {
        stamp: { keys: ARTICLE_STAMP_KEYS, expected: article.stamp },
        admission: check,
        ranking: this.ranking.today(),
        shown: { key: `views:shown:${article.id}`, base: article.base, ttlMs: SHOWN_TTL_MS },
      });
      switch (outcome.decision) {
        case 'unsent':
          return this.beaconStepByStep(slug, reader);
        case 'uncertain': {
          const pending = (await this.counter.pendingFor([article.id])).get(article.id) ?? 0;
          return { view_count: fast.articles.answer(article.id, article.base + pending), counted: true };
        }
        case 'stale':
          // The article changed since its entry was read: read it again under the versions just seen.
          article = await fast.articles.read(slug, outcome.stamp);
          continue;
        default:
          return { view_count: fast.articles.answer(article.id, outcome.count), counted: outcome.decision === 'pass' || outcome.decision === 'replay' };
      }
    }
    fast.articles.forget(slug);
    return this.beaconStepByStep(slug, reader);
  }

  /** One step at a time, each with its fallback: the article from Postgres, admission, count, pending sum and ranking. */
  private async beaconStepByStep(slug: string, reader: Reader): Promise<BeaconAnswer> {
    const article = await this.repository.findPublic(slug, this.clock());
    if (!article) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const counted = (await this.admission.admit(article.id, reader)) === 'count';
    if (counted) await this.counter.record(article.id);
    // The ranking is best effort and independent of the count: asked alongside it.
    const [pendingById] = await Promise.all([this.counter.pendingFor([article.id]), counted ? this.ranking.record(article.id).catch(() => {}) : undefined]);
    const pending = pendingById.get(article.id) ?? 0;
    const computed = article.view_count + pending;
    return { view_count: this.fast ? this.fast.articles.answer(article.id, computed) : computed, counted };
  }
}
