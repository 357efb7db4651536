import { API_MESSAGES } from '@coinmag/contracts';
import { NotFoundError } from '@coinmag/service-kit';
import type { PopularRanking } from './popular-ranking.js';
import type { ViewAdmission } from './view-admission.js';
import type { ViewCounter } from './view-counter.js';
import type { Beacon, CountedBeacon } from './views.js';
import type { ViewsRepository } from './views.repository.js';
import { beaconBucket } from './view-buckets.js';

/**
 * A beacon counted one step at a time, each with its fallback (the content service's `otherwise`:
 * Redis unreachable, the article versions not to be believed, no shared store): the article from
 * Postgres, admission (a bounded store in this process while Redis is unreachable), the count
 * (Postgres itself while Redis is unreachable), the pending sum and the ranking (best effort).
 */
export class StepByStepCount {
  constructor(
    private readonly repository: ViewsRepository,
    private readonly admission: ViewAdmission,
    private readonly counter: ViewCounter,
    private readonly ranking: PopularRanking,
    private readonly clock: () => Date,
    /** The count to answer for a computed one (never lower than answered before). */
    private readonly answer: (articleId: number, computed: number) => number,
  ) {}

  async count(beacon: Beacon): Promise<CountedBeacon> {
    const article = await this.repository.findPublic(beacon.slug, this.clock());
    if (!article) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const counted = (await this.admission.admit(article.id, beacon)) === 'count';
    if (counted) await this.counter.record(article.id, beaconBucket(article.id, this.clock().getTime(), beacon));
    // The ranking is best effort and independent of the count: asked alongside it.
    const [pendingById] = await Promise.all([this.counter.pendingFor([article.id]), counted ? this.ranking.record(article.id).catch(() => {}) : undefined]);
    return { view_count: this.answer(article.id, article.view_count + (pendingById.get(article.id) ?? 0)), counted };
  }
}
