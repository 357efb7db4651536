import { createRedisClient, loadTokenPublicKey, runService } from '@coinmag/service-kit';
import { GatewayViews, RedisViewStore } from '@coinmag/views';
import { HttpContentCounting } from './edge/content-counting.js';
import { createGatewayApp, servicePool } from './app.js';
import { createAdminGuard } from './admin/admin-guard.js';
import { createContentCache } from './cache/content-cache.js';
import { frontendsFromConfig } from './frontends/serve-frontends.js';
import { cspOptions, loadGatewayConfig, urlList } from './config.js';
import { gatewayServerTuning } from './limits/connection-caps.js';
import { replicaPool } from './proxy/replica-resolver.js';
import { limitsFrom } from './limits/limits-config.js';
import { ReaderNumbers } from './numbers/reader-numbers.js';
import { TickerFeed } from './markets/ticker-feed.js';
import { marketsReader } from './markets/markets-reader.js';

void runService({
  name: 'gateway',
  config: (env) => loadGatewayConfig(env),
  build({ config, runtime }) {
    const limits = limitsFrom(config);
    // One pool of auth's replicas for the proxy and the admin guard's own calls (sign-in, session, verify, sign-out, password).
    const authPool = servicePool('auth', config.AUTH_URL, config, runtime.log);
    const adminGuard = createAdminGuard({
      publicKey: loadTokenPublicKey(config),
      authPool,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      restartWaitMs: config.UPSTREAM_RESTART_WAIT_MS,
      confirmCacheMs: config.ADMIN_CONFIRM_CACHE_MS,
      adminOrigin: config.ADMIN_ORIGIN,
      siteOrigin: config.SITE_ORIGIN,
      cookieSecurity: config.NODE_ENV === 'production' ? 'always' : 'auto',
      bodyTimeoutMs: limits.bodyTimeoutMs,
    });
    const contentCache = createContentCache(config, runtime.log);
    // The pages' reads follow every content replica, as the proxy does.
    const pagesContent = replicaPool(urlList(config.CONTENT_URL), config.UPSTREAM_RESOLVE_MS, { log: runtime.log, service: 'content (pages)' }).pool;
    // The price ticker written into every public page as it is served (docs/adr/0017).
    const ticker = config.MARKETS_TICKER === 'on' ? new TickerFeed({ marketsUrls: urlList(config.MARKETS_URL), log: runtime.log }) : undefined;
    const frontends = frontendsFromConfig(config, urlList(config.CONTENT_URL)[0]!, runtime.log, contentCache?.cache, pagesContent, ticker, marketsReader(urlList(config.MARKETS_URL)));
    // Beacons counted here need the content service's Redis and a cache kept exact by its feed (which says whether the article versions hold).
    const cache = contentCache?.cache;
    const viewsRedis = config.REDIS_URL && cache
      ? createRedisClient(config.REDIS_URL, runtime, { keyPrefix: config.REDIS_KEY_PREFIX, enableOfflineQueue: false, commandTimeout: 2000 }, 'views-redis')
      : undefined;
    // /readyz and the metrics report the Redis it counts in (readiness never waits on it: beacons then go to the content service).
    if (viewsRedis) runtime.health.addDependency('redis', () => viewsRedis.ping());
    const beaconViews = viewsRedis && cache && new GatewayViews({
      store: new RedisViewStore(viewsRedis, config.REDIS_URL!, config.REDIS_KEY_PREFIX),
      content: new HttpContentCounting({ content: pagesContent, timeoutMs: config.UPSTREAM_TIMEOUT_MS, forwardingSecret: config.FORWARDING_SECRET, log: runtime.log }),
      log: runtime.log,
      trusted: () => cache.isTrusted(),
    });
    // Searches and missing pages, counted here and handed to the content service in batches.
    const readerNumbers = new ReaderNumbers({
      content: pagesContent, timeoutMs: config.UPSTREAM_TIMEOUT_MS, forwardingSecret: config.FORWARDING_SECRET, log: runtime.log, flushMs: config.READER_NUMBERS_FLUSH_MS,
    });
    const app = createGatewayApp({
      config, runtime, adminGuard, authPool, cache, csp: cspOptions(config),
      frontends: frontends.serve, pages: frontends.pages, beaconViews, readerNumbers, ticker,
    });
    return {
      app,
      server: gatewayServerTuning(limits, config.TRUSTED_PROXY_HOPS),
      start: () => {
        contentCache?.start();
        beaconViews?.start();
        readerNumbers.start();
        ticker?.start();
      },
      warmUp: (origin) => frontends.warmUp(origin),
      close: [async () => ticker?.stop(), async () => contentCache?.stop(), async () => beaconViews?.stop(), () => readerNumbers.stop(), async () => viewsRedis?.disconnect()],
    };
  },
});
