import { confirmAdminTokensWith, createRedisClient, createTokenConfirmer, loadTokenPublicKey, runService } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createApp } from './app.js';
import { coinsFromList } from './coins.js';
import { loadMarketsConfig } from './config.js';
import { marketsPendingMigrations, migrateMarkets } from './database.js';
import { RedisFetchLease, SoleFetchLease } from './fetching/fetch-lease.js';
import { PriceRefresher } from './fetching/price-refresher.js';
import { CoinListCache } from './providers/coin-list.js';
import { createProviders } from './providers/create-providers.js';
import { MemorySnapshotStore } from './snapshot/memory-snapshot-store.js';
import { RedisSnapshotStore } from './snapshot/redis-snapshot-store.js';

const KEY_PREFIX = 'markets:';

void runService({
  name: 'markets',
  config: (env) => loadMarketsConfig(env),
  async build({ config, runtime }) {
    const { log } = runtime;
    const publicKey = loadTokenPublicKey(config);
    const db = createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX, log });
    if (config.NODE_ENV !== 'production') await migrateMarkets(db, config.DB_SCHEMA, log);
    const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, runtime) : undefined;
    const store = redis ? new RedisSnapshotStore(redis, KEY_PREFIX, log) : new MemorySnapshotStore();
    const coins = coinsFromList(config.MARKETS_COINS);
    const providers = createProviders(config);
    const { app, history, pricedCoins } = createApp({
      db,
      store,
      coins,
      providerNames: config.MARKETS_PROVIDERS,
      providers,
      coinList: new CoinListCache(config.MARKETS_COINGECKO_URL, config.MARKETS_COIN_LIST_TIMEOUT_MS, log),
      publicKey,
      runtime,
      proxyHops: config.TRUSTED_PROXY_HOPS,
      forwardingSecret: config.FORWARDING_SECRET,
      dependencies: redis ? { redis: async () => void (await redis.ping()) } : {},
    });
    confirmAdminTokensWith(app, createTokenConfirmer({ authUrl: config.AUTH_URL, cacheMs: config.ADMIN_CONFIRM_CACHE_MS }));
    const refresher = new PriceRefresher({
      coins: pricedCoins,
      providers,
      store,
      history,
      lease: redis ? new RedisFetchLease(redis, `${KEY_PREFIX}fetch-lease`, config.MARKETS_LEASE_MS) : new SoleFetchLease(),
      refreshMs: config.MARKETS_REFRESH_MS,
      log,
    });
    log.info({ snapshot: store.kind, providers: config.MARKETS_PROVIDERS, coins: coins.map((coin) => coin.symbol) }, 'prices kept in ' + store.kind);
    return {
      app,
      pendingMigrations: () => marketsPendingMigrations(db, config.DB_SCHEMA),
      start: () => refresher.start(),
      drain: () => refresher.stop(),
      close: [() => redis?.quit(), () => db.destroy()],
    };
  },
});
