import { confirmAdminTokensWith, createTokenConfirmer, loadTokenPublicKey, runService } from '@coinmag/service-kit';
import { startAuditRetention } from '@coinmag/audit';
import { createContentApp } from './app.js';
import { MediaServiceCoverStore } from './articles/cover-store.js';
import { ArticleBodyPool } from './articles/article-body-pool.js';
import { createStores } from './stores.js';
import { contentConfigSchema } from './config.js';
import { contentPendingMigrations, openDatabase } from './database.js';
import { wordpressOptionsFrom } from './wordpress/wordpress-config.js';
import { startViewFlusher, type RunningFlusher } from '@coinmag/views';
import { parseAllowedHosts } from './outbound/outbound-address.js';
import { SocialCardWarmer } from './articles/card-warmer.js';
import { startReaderNumbersRetention } from './numbers/reader-numbers-retention.js';
import { startViewHoursRollup } from './views/view-hours-rollup.js';

void runService({
  name: 'content',
  config: contentConfigSchema,
  build({ config, runtime }) {
    const publicKey = loadTokenPublicKey(config);
    const db = openDatabase(config, runtime.log);
    const stores = createStores(config);
    const bodies = new ArticleBodyPool({
      size: config.ARTICLE_BODY_WORKERS,
      timeoutMs: config.ARTICLE_BODY_TIMEOUT_MS,
      maxQueue: config.ARTICLE_BODY_QUEUE,
      log: runtime.log,
    });
    if (!config.REDIS_URL) runtime.log.info('REDIS_URL not set: cache, view counts and locks kept in this process');
    const content = createContentApp({
      db,
      runtime,
      proxyHops: config.TRUSTED_PROXY_HOPS,
      forwardingSecret: config.FORWARDING_SECRET,
      store: stores.cache,
      counterStore: stores.views,
      publicKey,
      covers: new MediaServiceCoverStore(config.MEDIA_URL),
      cards: new SocialCardWarmer(config.MEDIA_URL, runtime.log),
      authUrl: config.AUTH_URL,
      bodies,
      wordpress: wordpressOptionsFrom(config),
      outbox: {
        siteOrigin: config.SITE_ORIGIN,
        indexNowEndpoint: config.INDEXNOW_ENDPOINT,
        limits: {
          timeoutMs: config.OUTBOUND_TIMEOUT_MS,
          allowedHosts: parseAllowedHosts(config.OUTBOUND_ALLOWED_HOSTS),
        },
      },
      viewFlushIntervalMs: config.VIEW_FLUSH_INTERVAL_MS,
      viewLimits: {
        windowMs: config.VIEW_READER_WINDOW_MINUTES * 60_000,
        beaconsPerMinute: config.VIEW_BEACONS_PER_MINUTE,
        readersPerAddress: config.VIEW_READERS_PER_ADDRESS,
      },
    });
    confirmAdminTokensWith(content.app, createTokenConfirmer({ authUrl: config.AUTH_URL, cacheMs: config.ADMIN_CONFIRM_CACHE_MS }));
    // The gateways' cache-event streams would keep the drain waiting: they end first, and reconnect elsewhere.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => content.cacheEvents.stop());
    let flusher: RunningFlusher | undefined;
    let stopImportWatch: (() => void) | undefined;
    let retention: ReturnType<typeof startAuditRetention> | undefined;
    let numbersRetention: ReturnType<typeof startReaderNumbersRetention> | undefined;
    let hoursRollup: ReturnType<typeof startViewHoursRollup> | undefined;
    return {
      app: content.app,
      pendingMigrations: () => contentPendingMigrations(db, config.DB_SCHEMA),
      start() {
        content.scheduler.start();
        content.outbox.start();
        stopImportWatch = content.wordpress.runner.watchInterrupted();
        flusher = startViewFlusher(content.views, runtime.log, config.VIEW_FLUSH_INTERVAL_MS);
        retention = startAuditRetention(content.audit, config.AUDIT_RETENTION_DAYS, runtime.log);
        numbersRetention = startReaderNumbersRetention(content.numbers, config.READER_NUMBERS_RETENTION_DAYS, runtime.log);
        hoursRollup = startViewHoursRollup(content.views, config.VIEW_HOURS_RETENTION_DAYS, runtime.log);
      },
      async drain() {
        retention?.stop();
        numbersRetention?.stop();
        hoursRollup?.stop();
        stopImportWatch?.();
        content.scheduler.stop();
        await content.outbox.stop();
        await flusher?.stop();
      },
      close: [() => bodies.close(), async () => content.cache.stop(), () => stores.cache.close(), () => stores.views.close(), () => db.destroy()],
    };
  },
});
