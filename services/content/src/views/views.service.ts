import { API_MESSAGES } from '@coinmag/contracts';
import { NotFoundError } from '@coinmag/service-kit';
import type { PopularRanking } from './popular-ranking.js';
import type { Reader, ViewAdmission } from './view-admission.js';
import type { ViewCounter } from './view-counter.js';
import type { ViewsRepository } from './views.repository.js';

export interface BeaconAnswer {
  /** The article's count now: Postgres's figure plus what every process has not flushed yet. */
  view_count: number;
  /** Whether this beacon added a view (false for a repeat or a beacon over the limits). */
  counted: boolean;
}

/** A page view: admitted (one per reader and window, limits per address), counted, ranked. */
export class ViewsService {
  constructor(
    private readonly repository: ViewsRepository,
    private readonly admission: ViewAdmission,
    private readonly counter: ViewCounter,
    private readonly ranking: PopularRanking,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async beacon(slug: string, reader: Reader): Promise<BeaconAnswer> {
    const article = await this.repository.findPublic(slug, this.clock());
    if (!article) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const counted = (await this.admission.admit(article.id, reader)) === 'count';
    if (counted) await this.counter.record(article.id);
    // The ranking is best effort and independent of the count: asked alongside it.
    const [pendingById] = await Promise.all([this.counter.pendingFor([article.id]), counted ? this.ranking.record(article.id).catch(() => {}) : undefined]);
    const pending = pendingById.get(article.id) ?? 0;
    return { view_count: article.view_count + pending, counted };
  }
}
