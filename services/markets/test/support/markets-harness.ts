import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Logger } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createTestDatabase, createTestSigningKeys, signTestAdminToken, startApp, type AppHarness, type TestDatabase } from '@coinmag/service-kit/testing';
import { createApp } from '../../src/app.js';
import { COIN_CATALOGUE, type CoinDefinition } from '../../src/coins.js';
import { migrateMarkets } from '../../src/database.js';
import { RedisFetchLease } from '../../src/fetching/fetch-lease.js';
import { PriceRefresher } from '../../src/fetching/price-refresher.js';
import { HistoryRepository } from '../../src/history/history.repository.js';
import { CoinListCache } from '../../src/providers/coin-list.js';
import { createProviders } from '../../src/providers/create-providers.js';
import type { PricedCoins } from '../../src/prices/priced-coins.js';
import type { ProviderName } from '../../src/providers/provider.js';
import { RedisSnapshotStore } from '../../src/snapshot/redis-snapshot-store.js';
import { startProviderStandIn, type ProviderStandIn } from '../../src/stand-in/provider-stand-in.js';

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A log whose warnings a test reads (what a malformed answer leaves behind). */
export interface RecordedLog {
  log: Logger;
  lines: Array<Record<string, unknown>>;
}

export function recordingLog(): RecordedLog {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

export interface MarketsTestOptions {
  providers?: ProviderName[];
  coins?: CoinDefinition[];
  refreshMs?: number;
  leaseMs?: number;
}

/** One markets replica: its refresher (a lease of its own) over the shared database and Redis prefix. */
export interface Replica {
  refresher: PriceRefresher;
  lease: RedisFetchLease;
}

export interface MarketsTest {
  standIn: ProviderStandIn;
  api: AppHarness;
  db: Knex;
  redis: Redis;
  prefix: string;
  history: HistoryRepository;
  store: RedisSnapshotStore;
  recorded: RecordedLog;
  adminToken: string;
  /** The provider's coin list as the service keeps it (行情設定's search). */
  coinList: CoinListCache;
  pricedCoins: PricedCoins;
  /** A replica's fetching side, as main.ts builds it (several share one Redis prefix). */
  replica(options?: { leaseMs?: number; now?: () => number }): Replica;
  close(): Promise<void>;
}

/** The markets service's app over a fresh database and Redis prefix, its providers pointed at a fresh stand-in. */
export async function startMarketsTest(options: MarketsTestOptions = {}): Promise<MarketsTest> {
  const database: TestDatabase = await createTestDatabase('cm_markets');
  const db = createDatabase({ url: database.url, schema: 'markets', poolMax: 4 });
  const recorded = recordingLog();
  await migrateMarkets(db, 'markets', recorded.log);
  const redis = new Redis(REDIS_TEST_URL);
  const prefix = `cm_test:markets:${randomUUID()}:`;
  const standIn = await startProviderStandIn();
  const keys = createTestSigningKeys();
  const store = new RedisSnapshotStore(redis, prefix, recorded.log);
  const coins = options.coins ?? COIN_CATALOGUE.slice(0, 4);
  const providerNames = options.providers ?? ['coingecko', 'max'];
  const providers = createProviders({ MARKETS_PROVIDERS: providerNames, MARKETS_COINGECKO_URL: standIn.coingeckoUrl, MARKETS_MAX_URL: standIn.maxUrl, MARKETS_FETCH_TIMEOUT_MS: 2000 });
  const coinList = new CoinListCache(standIn.coingeckoUrl, 10_000, recorded.log);
  const { app, history, pricedCoins } = createApp({ db, store, coins, providerNames, providers, coinList, publicKey: keys.publicKey, log: recorded.log });
  const api = await startApp(app);
  const replicas: Replica[] = [];
  return {
    standIn,
    api,
    db,
    redis,
    prefix,
    history,
    store,
    recorded,
    adminToken: signTestAdminToken(keys.privateKey),
    coinList,
    pricedCoins,
    replica({ leaseMs = options.leaseMs ?? 60_000, now } = {}) {
      const lease = new RedisFetchLease(redis, `${prefix}fetch-lease`, leaseMs);
      const refresher = new PriceRefresher({ coins: pricedCoins, providers, store, history, lease, refreshMs: options.refreshMs ?? 30_000, log: recorded.log, now });
      const replica = { refresher, lease };
      replicas.push(replica);
      return replica;
    },
    async close() {
      for (const { refresher } of replicas) await refresher.stop();
      // A test may have stopped the service already (the service gone).
      await api.close().catch(() => undefined);
      await standIn.close();
      let cursor = '0';
      do {
        const [next, keysFound] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 200);
        cursor = next;
        if (keysFound.length > 0) await redis.del(...keysFound);
      } while (cursor !== '0');
      await redis.quit();
      await db.destroy();
      await database.drop();
    },
  };
}
