import type Koa from 'koa';
import type { Knex } from 'knex';
import { createRuntime, createServiceApp, rejectUnsafeText, type Logger, type ServiceRuntime } from '@coinmag/service-kit';
import { pingDatabase } from '@coinmag/service-kit/database';
import { AuditRepository } from '@coinmag/audit';
import { adminAuditRoutes } from './audit/audit.routes.js';
import { AuditService } from './audit/audit.service.js';
import { AuthAuditClient } from './audit/auth-audit-client.js';
import { uploadAuditRoutes } from './audit/upload-audit.routes.js';
import { WordPressImageGrants } from './wordpress/wordpress-image-grants.js';
import { AutosavesRepository } from './revisions/autosaves.repository.js';
import { adminRevisionRoutes } from './revisions/revisions.routes.js';
import { RevisionsRepository } from './revisions/revisions.repository.js';
import { RevisionsService } from './revisions/revisions.service.js';
import { registerContentMetrics } from './content-metrics.js';
import { StatsRepository } from './admin/stats.repository.js';
import { adminStatsRoutes } from './admin/stats.routes.js';
import { StatsService } from './admin/stats.service.js';
import { AdminArticlesService } from './articles/admin-articles.service.js';
import { ArticleBodyPool } from './articles/article-body-pool.js';
import { ArticleWritesRepository } from './articles/article-writes.repository.js';
import { adminArticleRoutes } from './articles/articles.admin.routes.js';
import { ArticlesRepository } from './articles/articles.repository.js';
import { publicArticleRoutes } from './articles/articles.routes.js';
import { ArticlesService } from './articles/articles.service.js';
import type { CoverStore } from './articles/cover-store.js';
import { CacheEvents } from './cache/cache-events.js';
import { reportWriteChanges } from './cache/cache-events.writes.js';
import { cacheEventRoutes } from './cache/cache-events.routes.js';
import { ResponseCache, type CacheNamespace } from './cache/response-cache.js';
import type { Store } from './cache/store.js';
import { createContentViews, DEFAULT_ADMISSION_LIMITS, ViewsRepository, type AdmissionLimits, type ContentViews, type PopularRanking, type ViewCounter, type ViewStore } from '@coinmag/views';
import { CategoriesRepository } from './categories/categories.repository.js';
import { adminCategoryRoutes } from './categories/categories.admin.routes.js';
import { publicCategoryRoutes } from './categories/categories.routes.js';
import { CategoriesService } from './categories/categories.service.js';
import { TagsRepository } from './tags/tags.repository.js';
import { publicTagRoutes } from './tags/tags.routes.js';
import { TagsService } from './tags/tags.service.js';
import { LearningPathsRepository } from './paths/learning-paths.repository.js';
import { adminLearningPathRoutes } from './paths/learning-paths.admin.routes.js';
import { publicLearningPathRoutes } from './paths/learning-paths.routes.js';
import { LearningPathsService } from './paths/learning-paths.service.js';
import { FlashRepository } from './flash/flash.repository.js';
import { FlashWritesRepository } from './flash/flash-writes.repository.js';
import { adminFlashRoutes } from './flash/flash.admin.routes.js';
import { publicFlashRoutes } from './flash/flash.routes.js';
import { FlashService } from './flash/flash.service.js';
import { GlossaryLinks } from './glossary/glossary-links.js';
import { GlossaryRepository } from './glossary/glossary.repository.js';
import { adminGlossaryRoutes, publicGlossaryRoutes } from './glossary/glossary.routes.js';
import { GlossaryService } from './glossary/glossary.service.js';
import { PreviewLinksRepository } from './preview/preview-links.repository.js';
import { adminPreviewLinkRoutes, publicPreviewRoutes } from './preview/preview-links.routes.js';
import { PreviewLinksService } from './preview/preview-links.service.js';
import { CrawlRepository } from './crawl/crawl.repository.js';
import { crawlRoutes } from './crawl/crawl.routes.js';
import { CrawlService } from './crawl/crawl.service.js';
import { ChangeOutbox } from './outbox/change-outbox.js';
import { OutboxRepository } from './outbox/outbox.repository.js';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker, type OutboxWorkerOptions } from './outbox/outbox-worker.js';
import { PublishScheduler } from './jobs/publish-scheduler.js';
import { ScheduledRepository } from './jobs/scheduled.repository.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { adminSettingsRoutes } from './settings/settings.admin.routes.js';
import { indexNowKeyRoutes, publicSettingsRoutes } from './settings/settings.routes.js';
import { SettingsService } from './settings/settings.service.js';
import { adminWebhookRoutes } from './webhooks/webhooks.admin.routes.js';
import { WebhooksRepository } from './webhooks/webhooks.repository.js';
import { WebhooksService } from './webhooks/webhooks.service.js';
import { viewBeaconRoutes } from './views/views.routes.js';
import { DEFAULT_IMAGE_FETCH_LIMITS, type ImageFetchLimits } from './wordpress/image-fetcher.js';
import { WordPressImages } from './wordpress/wordpress-images.js';
import { WordPressImportRepository } from './wordpress/wordpress-import.repository.js';
import { adminWordPressImportRoutes, wordPressOldLinkRoutes } from './wordpress/wordpress-import.routes.js';
import { WordPressImportRunner } from './wordpress/wordpress-import.runner.js';
import { WordPressImportService } from './wordpress/wordpress-import.service.js';
import { WordPressOldLinks } from './wordpress/wordpress-old-links.js';
import { WxrMappingPool } from './wordpress/wxr-mapping-pool.js';
import { ReaderNumbersRepository } from './numbers/reader-numbers.repository.js';
import { adminReaderNumbersRoutes, readerNumbersRoutes } from './numbers/reader-numbers.routes.js';
import { ReaderNumbersService } from './numbers/reader-numbers.service.js';
import { ViewNumbersRepository } from './numbers/view-numbers.repository.js';
import { adminViewNumbersRoutes } from './numbers/view-numbers.routes.js';
import { ViewNumbersService } from './numbers/view-numbers.service.js';
import { RedirectsRepository } from './redirects/redirects.repository.js';
import { adminRedirectRoutes, publicRedirectRoutes } from './redirects/redirects.routes.js';
import { RedirectsService } from './redirects/redirects.service.js';
import { WORDPRESS_IMAGE_BUDGET_DEFAULTS } from './wordpress/image-budget.js';
import type { SocialCardWarmer } from './articles/card-warmer.js';

export interface ContentDeps {
  db: Knex;
  /** The chassis's log, health and metrics (runService's); tests get a fresh one. */
  runtime?: ServiceRuntime;
  /** Used when no runtime is given. */
  log?: Logger;
  /** X-Forwarded-For entries to trust (TRUSTED_PROXY_HOPS); default 1, as behind the gateway. */
  proxyHops?: number;
  /**
   * FORWARDING_SECRET: X-Forwarded-For is believed only on the gateway's requests; the WordPress
   * image import signs its uploads' service grants with it, and the upload audit accepts them.
   */
  forwardingSecret?: string;
  /** Redis, or the in-process store of the embedded default. */
  store: Store;
  /** Where views and the popular ranking are counted: in `store`'s keyspace, beacons read no row (see stores.ts). */
  counterStore: ViewStore;
  /** PEM public key that verifies admin tokens. */
  publicKey: string;
  covers: CoverStore;
  clock?: () => Date;
  /** The auth service, whose sign-in log the audit list merges in; absent: this service's entries only. */
  authUrl?: string;
  /** Who counts as a new reader and how many beacons an address may send. */
  viewLimits?: AdmissionLimits;
  /** How often counted views are written to Postgres (VIEW_FLUSH_INTERVAL_MS): the gateway hands its own as often. */
  viewFlushIntervalMs?: number;
  /** Worker threads for article bodies; default: a pool with ARTICLE_BODY_DEFAULTS. Closed by the owner of the app. */
  bodies?: ArticleBodyPool;
  /** The WordPress import: where exports are kept, the media service its images go through, fetch bounds. */
  wordpress?: WordPressImportOptions;
  /** Webhooks and IndexNow (docs/product.md §11): outbound bounds, retries, the public origin. */
  outbox?: OutboxOptions;
  /** Draws a public article's social card just after its save (none: the first reader's request draws it). */
  cards?: SocialCardWarmer;
}

export interface OutboxOptions extends Partial<Omit<OutboxWorkerOptions, 'indexNow'>> {
  /** SITE_ORIGIN: absolute URLs in payloads; IndexNow needs it. */
  siteOrigin?: string;
  /** INDEXNOW_ENDPOINT: off when absent. */
  indexNowEndpoint?: string;
}

export interface WordPressImportOptions {
  directory: string;
  mediaUrl: string;
  imageLimits?: ImageFetchLimits;
  imageConcurrency?: number;
  /** One post's mapping in the worker (WORDPRESS_MAPPING_TIMEOUT_MS). */
  mappingTimeoutMs?: number;
  /** WORDPRESS_IMAGE_DEADLINE_MS and WORDPRESS_IMAGE_HOST_FAILURES (image-budget.ts). */
  imageDeadlineMs?: number;
  imageHostFailures?: number;
}

export interface ContentApp {
  app: Koa;
  cache: ResponseCache;
  /** The invalidation stream for the gateways; `stop()` it before the server closes. */
  cacheEvents: CacheEvents;
  /** The hand-over to Postgres of counted views (main.ts flushes it). */
  views: ViewCounter;
  ranking: PopularRanking;
  /** View counting (`count(beacon)`) as this service runs it. */
  counting: ContentViews;
  scheduler: PublishScheduler;
  audit: AuditRepository;
  /** Close it after the server has drained. */
  bodies: ArticleBodyPool;
  wordpress: { service: WordPressImportService; runner: WordPressImportRunner; mapper: WxrMappingPool };
  /** Sends webhooks and IndexNow; main.ts starts it. */
  outbox: OutboxWorker;
  /** Searches and missing pages the gateways hand over; main.ts prunes them. */
  numbers: ReaderNumbersService;
}

/** Builds the service from its dependencies; never listens and starts no timers (main.ts does). */
export function createContentApp({ db, runtime: given, log: givenLog, proxyHops = 1, forwardingSecret, store, counterStore, publicKey, covers, clock, authUrl, viewLimits = DEFAULT_ADMISSION_LIMITS, viewFlushIntervalMs = 3000, bodies: givenBodies, wordpress: wordpressOptions, outbox: outboxOptions = {}, cards }: ContentDeps): ContentApp {
  const runtime = given ?? createRuntime('content', givenLog);
  const { log } = runtime;
  const bodies = givenBodies ?? new ArticleBodyPool({ log });
  const cache = new ResponseCache(store, log);
  const cacheEvents = new CacheEvents(store, cache, log);
  const counting = createContentViews({
    repository: new ViewsRepository(db),
    store: counterStore,
    log,
    limits: viewLimits,
    clock,
    // A beacon reads no row when its script can check the article versions the cache bumps: one keyspace.
    stampsTrusted: store.keyspace === counterStore.keyspace ? () => cache.clean : undefined,
  });
  const { counter: views, ranking } = counting;
  const audit = new AuditRepository(db, 'c');
  const articlesRepository = new ArticlesRepository(db);
  const autosaves = new AutosavesRepository(db);
  const revisions = new RevisionsRepository(db);
  const outboxRepository = new OutboxRepository(db);
  const webhooksRepository = new WebhooksRepository(db, audit);
  const { siteOrigin, indexNowEndpoint, ...workerOptions } = outboxOptions;
  const outbox = new OutboxWorker(outboxRepository, webhooksRepository, {
    ...DEFAULT_OUTBOX_OPTIONS,
    ...workerOptions,
    indexNow: siteOrigin && indexNowEndpoint ? { endpoint: indexNowEndpoint, siteOrigin, key: () => settingsRepository.indexNowKey() } : undefined,
  }, log, clock);
  const changes = new ChangeOutbox(outboxRepository, siteOrigin, clock, () => outbox.nudge());
  const categoriesRepository = new CategoriesRepository(db, audit, changes);
  const articleWrites = new ArticleWritesRepository(db, articlesRepository, revisions, autosaves, audit, changes);

  const categories = new CategoriesService(categoriesRepository, () => cache.invalidate(['categories']));
  const settingsRepository = new SettingsRepository(db, audit, changes);
  const settings = new SettingsService(settingsRepository, () => cache.invalidate(['settings']));
  const glossaryRepository = new GlossaryRepository(db);
  const glossaryLinks = new GlossaryLinks(glossaryRepository);
  const glossary = new GlossaryService(glossaryRepository, glossaryLinks, () => cache.invalidate(['glossary']), clock, audit);
  const tags = new TagsService(new TagsRepository(db), clock);
  const articles = new ArticlesService(articlesRepository, categoriesRepository, ranking, clock, glossaryLinks, (key) => tags.isPublic(key));
  const adminArticles = new AdminArticlesService(articleWrites, articlesRepository, categories, covers, bodies, async (change) => {
    await cache.invalidate(['articles']);
    // After the invalidation, so the media service reads the article as saved.
    if (cards && change.after?.sharedWithCard) cards.warm(change.after.slug);
  }, clock, views);
  const revisionsService = new RevisionsService(revisions, autosaves, articlesRepository, adminArticles);
  const scheduler = new PublishScheduler(new ScheduledRepository(db, audit, changes), async (published) => {
    await cache.invalidate(['articles']);
    if (cards) for (const article of published) if (!article.featured_image) cards.warm(article.slug);
  }, log, clock, () => cache.invalidate(['flash']));
  const flash = new FlashService(new FlashRepository(db), new FlashWritesRepository(db, audit, changes), (deps) => cache.invalidate(deps), clock);
  const webhooks = new WebhooksService(webhooksRepository, outboxRepository, () => outbox.nudge(), clock, outbox.limits.allowedHosts);
  const previewLinks = new PreviewLinksService(new PreviewLinksRepository(db, audit), articlesRepository, clock, glossaryLinks);
  const learningPaths = new LearningPathsService(new LearningPathsRepository(db, audit), (deps) => cache.invalidate(deps), clock);
  // A term found nothing when the public search (its visibility rule, its words) finds no article.
  const numbers = new ReaderNumbersService(new ReaderNumbersRepository(db), async (term) => (await articles.list({ search: term, page: 1, limit: 1 })).pagination.total > 0, clock);
  const redirects = new RedirectsService(new RedirectsRepository(db), (deps) => cache.invalidate(deps as CacheNamespace[]), clock);
  const auditService = new AuditService(audit, log, authUrl ? new AuthAuditClient(authUrl) : undefined);

  const wordpressRepository = new WordPressImportRepository(db);
  const imageGrants = new WordPressImageGrants(db);
  const wpOptions = wordpressOptions ?? { directory: './data/wordpress-imports', mediaUrl: 'http://127.0.0.1:4003' };
  const wordpressMapper = new WxrMappingPool({ timeoutMs: wpOptions.mappingTimeoutMs });
  const wordpressRunner = new WordPressImportRunner({
    repository: wordpressRepository,
    mapper: wordpressMapper,
    imageDeadlineMs: wpOptions.imageDeadlineMs ?? WORDPRESS_IMAGE_BUDGET_DEFAULTS.deadlineMs,
    imageHostFailures: wpOptions.imageHostFailures ?? WORDPRESS_IMAGE_BUDGET_DEFAULTS.hostFailures,
    writes: articleWrites,
    bodies,
    images: new WordPressImages(wordpressRepository, imageGrants, { mediaUrl: wpOptions.mediaUrl, limits: wpOptions.imageLimits ?? DEFAULT_IMAGE_FETCH_LIMITS, concurrency: wpOptions.imageConcurrency ?? 4, grantSecret: forwardingSecret }),
    audit,
    onChanged: () => cache.invalidate(['articles', 'categories']),
    log,
    clock: clock ?? (() => new Date()),
  });
  const wordpressImports = new WordPressImportService(wordpressRepository, wordpressRunner, wpOptions.directory, wordpressMapper, clock);

  const responder = { cache, lookups: runtime.metrics.cacheLookups };
  runtime.health.addDependency('postgres', () => pingDatabase(db));
  runtime.health.addDependency(store.kind === 'redis' ? 'redis' : 'memory-store', () => store.ping());
  runtime.health.addDependency('article-workers', () => bodies.healthy());
  const app = createServiceApp(runtime, { proxyHops, forwardingSecret });
  app.use(reportWriteChanges());
  registerContentMetrics(runtime.metrics, views);
  app.use(rejectUnsafeText());
  const routers = [
    cacheEventRoutes(cacheEvents),
    adminRevisionRoutes(revisionsService, publicKey),
    adminArticleRoutes(adminArticles, publicKey),
    adminPreviewLinkRoutes(previewLinks, publicKey),
    adminAuditRoutes(auditService, publicKey),
    uploadAuditRoutes(auditService, publicKey, forwardingSecret, (grant, requestId) => imageGrants.redeem(grant, requestId)),
    adminCategoryRoutes(categories, publicKey),
    adminSettingsRoutes(settings, publicKey),
    adminStatsRoutes(new StatsService(new StatsRepository(db), views), publicKey),
    adminWordPressImportRoutes(wordpressImports, publicKey),
    adminWebhookRoutes(webhooks, publicKey),
    adminLearningPathRoutes(learningPaths, publicKey),
    adminGlossaryRoutes(glossary, publicKey),
    adminReaderNumbersRoutes(numbers, publicKey),
    adminViewNumbersRoutes(new ViewNumbersService(new ViewNumbersRepository(db), clock), publicKey),
    readerNumbersRoutes(numbers, redirects),
    adminRedirectRoutes(redirects, publicKey),
    publicRedirectRoutes(redirects, responder),
    adminFlashRoutes(flash, publicKey),
    wordPressOldLinkRoutes(new WordPressOldLinks(wordpressRepository)),
    viewBeaconRoutes(counting, {
      flushIntervalMs: viewFlushIntervalMs,
      // Only a Redis both can reach can hold what the gateway counts; it must use this prefix.
      sharedPrefix: counting.sharesVersions ? counterStore.keyPrefix : undefined,
    }),
    publicArticleRoutes(articles, responder),
    publicCategoryRoutes(categories, responder),
    publicPreviewRoutes(previewLinks),
    publicTagRoutes(tags, responder),
    publicGlossaryRoutes(glossary, responder),
    publicSettingsRoutes(settings, responder),
    indexNowKeyRoutes(settings, responder),
    crawlRoutes(new CrawlService(new CrawlRepository(db), clock), responder),
    publicLearningPathRoutes(learningPaths, responder),
    publicFlashRoutes(flash, responder),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return { app, cache, cacheEvents, views, ranking, counting, scheduler, audit, bodies, wordpress: { service: wordpressImports, runner: wordpressRunner, mapper: wordpressMapper }, outbox, numbers };
}
