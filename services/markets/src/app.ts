import type Koa from 'koa';
import type { Knex } from 'knex';
import { createRuntime, createServiceApp, rejectUnsafeText, requireAdmin, type DependencyProbe, type Logger, type ServiceRuntime } from '@coinmag/service-kit';
import { pingDatabase } from '@coinmag/service-kit/database';
import type { CoinDefinition } from './coins.js';
import { HistoryRepository } from './history/history.repository.js';
import { priceNow } from './fetching/price-now.js';
import type { CoinListCache } from './providers/coin-list.js';
import type { PriceProvider, ProviderName } from './providers/provider.js';
import { AddedCoinsRepository } from './prices/added-coins.repository.js';
import { PricedCoins } from './prices/priced-coins.js';
import { CoinSettingsRepository } from './prices/coin-settings.repository.js';
import { marketsRoutes } from './prices/markets.routes.js';
import { MarketsService } from './prices/markets.service.js';
import type { SnapshotStore } from './snapshot/snapshot.js';

export interface MarketsAppDeps {
  db: Knex;
  store: SnapshotStore;
  /** The configured coins (MARKETS_COINS); the admin's added ones are read from the database. */
  coins: CoinDefinition[];
  providerNames: ProviderName[];
  /** Asked at once for a coin the admin adds. */
  providers: PriceProvider[];
  /** The global provider's list 行情設定 searches. */
  coinList: CoinListCache;
  /** The key admin tokens are checked with (行情設定). */
  publicKey: string;
  runtime?: ServiceRuntime;
  log?: Logger;
  proxyHops?: number;
  forwardingSecret?: string;
  /** Beyond Postgres (Redis), reported by /readyz and the metrics. */
  dependencies?: Record<string, DependencyProbe>;
}

/** Builds the markets service's Koa app from its dependencies; never listens (the fetching loop is main.ts's). */
export function createApp(deps: MarketsAppDeps): { app: Koa; markets: MarketsService; history: HistoryRepository; pricedCoins: PricedCoins } {
  const runtime = deps.runtime ?? createRuntime('markets', deps.log);
  runtime.health.addDependency('database', () => pingDatabase(deps.db));
  for (const [name, probe] of Object.entries(deps.dependencies ?? {})) runtime.health.addDependency(name, probe);
  const app = createServiceApp(runtime, { proxyHops: deps.proxyHops ?? 0, forwardingSecret: deps.forwardingSecret });
  app.use(rejectUnsafeText());
  const history = new HistoryRepository(deps.db);
  const added = new AddedCoinsRepository(deps.db);
  const pricedCoins = new PricedCoins(deps.coins, added);
  const markets = new MarketsService(pricedCoins, deps.providerNames, deps.store, history, new CoinSettingsRepository(deps.db), {
    list: deps.coinList,
    repository: added,
    priceNow: (coin) => priceNow(coin, deps.providers, deps.store, history),
  });
  const routes = marketsRoutes(markets, requireAdmin(deps.publicKey));
  app.use(routes.routes());
  app.use(routes.allowedMethods());
  return { app, markets, history, pricedCoins };
}
