import type { Logger } from '@coinmag/service-kit';
import type { CoinDefinition } from '../coins.js';
import type { HistoryRepository } from '../history/history.repository.js';
import { ProviderError, type PriceProvider, type Quote } from '../providers/provider.js';
import type { ProviderState, Snapshot, SnapshotStore } from '../snapshot/snapshot.js';
import type { FetchLease } from './fetch-lease.js';
import { afterFailure, afterSuccess, freshState, probedInOutage } from './provider-backoff.js';

export interface RefresherDeps {
  /** The coins priced, read at each refresh (the configured ones and the admin's added ones). */
  coins: { all(): Promise<CoinDefinition[]> };
  /** In the order they are asked. */
  providers: PriceProvider[];
  store: SnapshotStore;
  history: HistoryRepository;
  lease: FetchLease;
  refreshMs: number;
  log: Logger;
  now?: () => number;
}

export type RefreshOutcome = 'not-leader' | 'refreshed' | 'no-prices';

/** Days of history asked of a provider for a coin that has none yet (hourly closes for 90 days). */
const BACKFILL_DAYS = 90;

/**
 * The fetching loop of the replica holding the lease: each refresh asks the providers in order
 * (skipping one that is backing off, unless none priced anything: provider-backoff.ts), the next
 * provider pricing what the previous could not; validated quotes replace the snapshot's (a coin
 * no provider priced keeps its last good quote), and become the hour's and the day's closes. One coin without history is filled per refresh.
 */
export class PriceRefresher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private lastPruneHour = -1;
  private readonly backfilled = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly deps: RefresherDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    const tick = () => {
      this.running = this.refresh().catch((err: unknown) => this.deps.log.error({ err }, 'price refresh failed'));
      void this.running.then(() => {
        if (this.timer !== undefined) this.timer = setTimeout(tick, this.deps.refreshMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.deps.lease.release().catch(() => undefined);
  }

  /** One refresh (the loop's step; tests call it directly). */
  async refresh(): Promise<RefreshOutcome> {
    const { store } = this.deps;
    if (!(await this.deps.lease.hold())) return 'not-leader';
    const states = new Map((await store.readStates()).map((state) => [state.name, state]));
    const coins = await this.deps.coins.all();
    const quotes = new Map<string, Quote & { provider: PriceProvider['name'] }>();
    const backingOff: PriceProvider[] = [];
    for (const provider of this.deps.providers) {
      const state = states.get(provider.name) ?? freshState(provider.name);
      if (state.nextTryAt > this.now()) backingOff.push(provider);
      else await this.ask(provider, state, coins, quotes);
    }
    // Nothing priced: a total outage. The providers backing off are asked anyway (once per refresh) until one answers.
    for (const provider of backingOff) {
      if (quotes.size > 0) break;
      const state = states.get(provider.name)!;
      if (probedInOutage(state, this.now())) await this.ask(provider, state, coins, quotes);
    }
    if (quotes.size === 0) return 'no-prices';
    const previous = await store.read();
    const merged = new Map((previous?.quotes ?? []).map((quote) => [quote.symbol, quote]));
    for (const [symbol, quote] of quotes) merged.set(symbol, quote);
    // A coin no longer priced (the admin removed it) leaves the snapshot; read again now, so that a
    // coin added (and priced at once) while this refresh asked the providers is kept.
    const priced = new Set((await this.deps.coins.all()).map((coin) => coin.symbol));
    const snapshot: Snapshot = { fetchedAt: this.now(), quotes: [...merged.values()].filter((quote) => priced.has(quote.symbol)) };
    await store.write(snapshot);
    for (const quote of quotes.values()) await this.deps.history.recordCloses(quote.symbol, [{ at: this.now(), twd: quote.twd }]);
    await this.housekeeping(coins);
    return 'refreshed';
  }

  /** Asks one provider for the coins not priced yet; its state follows the outcome. */
  private async ask(provider: PriceProvider, state: ProviderState, coins: CoinDefinition[], quotes: Map<string, Quote & { provider: PriceProvider['name'] }>): Promise<void> {
    const wanted = coins.filter((coin) => !quotes.has(coin.symbol) && provider.covers(coin));
    if (wanted.length === 0) return;
    const now = this.now();
    try {
      for (const quote of await provider.quotes(wanted)) quotes.set(quote.symbol, { ...quote, provider: provider.name });
      await this.deps.store.writeState(afterSuccess(state, now));
    } catch (err) {
      const next = afterFailure(state, err, now, this.deps.refreshMs);
      await this.deps.store.writeState(next);
      const failure = err instanceof ProviderError ? err.failure : 'unexpected';
      this.deps.log.warn({ provider: provider.name, failure, error: next.lastError, retryInMs: next.nextTryAt - now }, failure === 'malformed' ? 'provider answer refused; the last good prices stay' : 'provider failed; asking the next one');
    }
  }

  private async housekeeping(coins: CoinDefinition[]): Promise<void> {
    const hour = Math.floor(this.now() / 3_600_000);
    if (hour !== this.lastPruneHour) {
      this.lastPruneHour = hour;
      await this.deps.history.pruneHourly(this.now());
    }
    await this.backfillOne(coins);
  }

  /** Fills one coin's 90 days from the first provider that keeps history and is not backing off. */
  private async backfillOne(coins: CoinDefinition[]): Promise<void> {
    const coin = coins.find((candidate) => !this.backfilled.has(backfillKey(candidate)));
    if (!coin) return;
    const oldest = await this.deps.history.oldestHour(coin.symbol);
    if (oldest !== undefined && oldest < this.now() - (BACKFILL_DAYS - 2) * 86_400_000) {
      this.backfilled.add(backfillKey(coin));
      return;
    }
    const states = new Map((await this.deps.store.readStates()).map((state) => [state.name, state]));
    const provider = this.deps.providers.find((candidate) => candidate.history && candidate.covers(coin) && (states.get(candidate.name)?.nextTryAt ?? 0) <= this.now());
    if (!provider?.history) return;
    try {
      const points = await provider.history(coin, BACKFILL_DAYS);
      await this.deps.history.recordCloses(coin.symbol, points);
      this.backfilled.add(backfillKey(coin));
    } catch (err) {
      const state = states.get(provider.name) ?? freshState(provider.name);
      await this.deps.store.writeState(afterFailure(state, err, this.now(), this.deps.refreshMs));
      this.deps.log.warn({ provider: provider.name, coin: coin.symbol, error: (err as Error).message }, 'history backfill failed; tried again later');
    }
  }
}

/** A symbol removed and given to another coin later is filled again. */
const backfillKey = (coin: CoinDefinition) => `${coin.symbol}:${coin.coingeckoId}`;
