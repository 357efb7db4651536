import { VIEW_ARTICLES_MAX } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import { ARTICLE_STAMP_KEYS, DEFAULT_ADMISSION_LIMITS, type AdmissionLimits } from './keys.js';
import { PopularRanking } from './popular-ranking.js';
import { StepByStepCount } from './step-by-step.js';
import { ViewAdmission } from './view-admission.js';
import { ViewArticles } from './view-articles.js';
import { ViewCounter } from './view-counter.js';
import type { ViewStore } from './view-store.js';
import type { CountedArticle } from './view-tally.js';
import { Views } from './views.js';
import type { ViewsRepository } from './views.repository.js';

export interface ContentViewsOptions {
  repository: ViewsRepository;
  store: ViewStore;
  log: Logger;
  limits?: AdmissionLimits;
  clock?: () => Date;
  /**
   * Whether the article versions in `store` can be believed now (the content cache bumps them in
   * the same keyspace, and its invalidations are all recorded). Absent: `store` holds no versions
   * (another keyspace), and every beacon is counted step by step.
   */
  stampsTrusted?: () => boolean;
}

export interface ContentViews {
  views: Views;
  /** The hand-over to Postgres: pending sums, flushes, batches handed by gateways. */
  counter: ViewCounter;
  ranking: PopularRanking;
  /** The public articles beacons name, as this process keeps them (the gateway asks for them). */
  articles: ViewArticles;
  limits: AdmissionLimits;
  /** Whether another process (the gateway) may count in this store: it holds the article versions. */
  sharesVersions: boolean;
  /** Whether the versions can be believed now. */
  stampsTrusted: () => boolean;
}

/** View counting as the content service runs it: the script path when the versions hold, else step by step; its own views flushed to Postgres. */
export function createContentViews({ repository, store, log, limits = DEFAULT_ADMISSION_LIMITS, clock = () => new Date(), stampsTrusted }: ContentViewsOptions): ContentViews {
  const counter = new ViewCounter(store, repository, log);
  const ranking = new PopularRanking(store, clock);
  const admission = new ViewAdmission(store, limits, clock);
  const articles = new ViewArticles({
    maxSlugs: VIEW_ARTICLES_MAX,
    async read(slugs) {
      // The versions first: a write committed after them moves them again, so the script refuses what the row predates.
      const stamp = (await store.mget([...ARTICLE_STAMP_KEYS])).map((value) => value ?? '0');
      const found = new Map<string, CountedArticle | null>();
      for (const row of await repository.findPublicMany(slugs, clock())) found.set(row.slug, { id: row.id, base: row.view_count, stamp });
      return found;
    },
  });
  counter.onFlushed(() => articles.handedOver());
  const stepByStep = new StepByStepCount(repository, admission, counter, ranking, clock, (id, computed) => articles.answer(id, computed));
  const trusted = () => stampsTrusted?.() ?? false;
  const views = new Views({
    articles,
    admission,
    tally: counter.tally,
    usable: trusted,
    uncertain: async (article) => article.base + ((await counter.pendingFor([article.id])).get(article.id) ?? 0),
    otherwise: (beacon) => stepByStep.count(beacon),
  });
  return { views, counter, ranking, articles, limits, sharesVersions: stampsTrusted !== undefined, stampsTrusted: trusted };
}
