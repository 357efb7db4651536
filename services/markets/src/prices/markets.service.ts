import type { CoinDetail, CoinList, CoinQuote, MarketSettingsInput, MarketsAdminState, PriceSince, Ticker } from '@coinmag/contracts';
import { NotFoundError, ValidationError } from '@coinmag/service-kit';
import { coinBySymbol, type CoinDefinition } from '../coins.js';
import type { HistoryRepository } from '../history/history.repository.js';
import type { ProviderName } from '../providers/provider.js';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.js';
import type { CoinSettingsRepository, CoinSetting } from './coin-settings.repository.js';

/** Coins in the ticker when the admin has chosen none. */
const DEFAULT_TICKER_SIZE = 4;
const DAY_MS = 86_400_000;

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** The public answers (ticker, coin pages, price since publication) and the admin's 行情設定. */
export class MarketsService {
  constructor(
    private readonly coins: CoinDefinition[],
    private readonly providerNames: ProviderName[],
    private readonly store: SnapshotStore,
    private readonly history: HistoryRepository,
    private readonly settings: CoinSettingsRepository,
  ) {}

  async ticker(): Promise<Ticker> {
    const [snapshot, order] = await Promise.all([this.store.read(), this.tickerOrder()]);
    return { coins: order.flatMap((coin) => this.quoteOf(snapshot, coin) ?? []) };
  }

  async list(): Promise<CoinList> {
    const [snapshot, tags] = await Promise.all([this.store.read(), this.tags()]);
    return { coins: this.coins.map((coin) => ({ symbol: coin.symbol, name: coin.name, tag: tags.get(coin.symbol) ?? coin.defaultTag, quote: this.quoteOf(snapshot, coin) })) };
  }

  async detail(symbol: string, now = Date.now()): Promise<CoinDetail> {
    const coin = this.priced(symbol);
    const [snapshot, tags, week, quarter] = await Promise.all([this.store.read(), this.tags(), this.history.hourlySince(coin.symbol, now - 7 * DAY_MS), this.history.dailySince(coin.symbol, now - 90 * DAY_MS)]);
    const quote = this.quoteOf(snapshot, coin);
    const weekAgo = week[0];
    const change7d = quote && weekAgo && weekAgo.at <= now - 6.5 * DAY_MS ? ((quote.twd - weekAgo.twd) / weekAgo.twd) * 100 : null;
    const points = (list: typeof week) => list.map((point) => ({ at: new Date(point.at).toISOString(), twd: point.twd }));
    return { symbol: coin.symbol, name: coin.name, tag: tags.get(coin.symbol) ?? coin.defaultTag, quote, change7d, week: points(week), quarter: points(quarter) };
  }

  async priceSince(symbol: string, at: number): Promise<PriceSince> {
    const coin = this.priced(symbol);
    const [then, snapshot] = await Promise.all([this.history.priceAt(coin.symbol, at), this.store.read()]);
    return { symbol: coin.symbol, then: then ? { at: new Date(then.at).toISOString(), twd: then.twd } : null, now: this.quoteOf(snapshot, coin) };
  }

  async adminState(): Promise<MarketsAdminState> {
    const [snapshot, states, order, tags] = await Promise.all([this.store.read(), this.store.readStates(), this.tickerOrder(), this.tags()]);
    const inTicker = new Set(order.map((coin) => coin.symbol));
    const byName = new Map(states.map((state) => [state.name, state]));
    return {
      catalogue: this.coins.map((coin) => ({ symbol: coin.symbol, name: coin.name, tag: tags.get(coin.symbol) ?? coin.defaultTag, inTicker: inTicker.has(coin.symbol) })),
      ticker: order.map((coin) => coin.symbol),
      providers: this.providerNames.map((name) => {
        const state = byName.get(name);
        return { name, lastSuccessAt: iso(state?.lastSuccessAt), lastErrorAt: iso(state?.lastErrorAt), lastError: state?.lastError ?? null, nextTryAt: state && state.nextTryAt > 0 ? iso(state.nextTryAt) : null };
      }),
      snapshotAt: iso(snapshot?.fetchedAt),
    };
  }

  async saveSettings(input: MarketSettingsInput): Promise<MarketsAdminState> {
    const known = new Set(this.coins.map((coin) => coin.symbol));
    const unknown = [...input.ticker, ...Object.keys(input.tags)].find((symbol) => !known.has(symbol));
    if (unknown) throw new ValidationError('ticker', `不支援的幣種：${unknown}`);
    if (new Set(input.ticker).size !== input.ticker.length) throw new ValidationError('ticker', '同一幣種只能出現一次');
    const rows: CoinSetting[] = this.coins.map((coin) => {
      const position = input.ticker.indexOf(coin.symbol);
      return { symbol: coin.symbol, tickerPosition: position === -1 ? null : position, tagSlug: input.tags[coin.symbol] ?? null };
    });
    await this.settings.replaceAll(rows);
    return this.adminState();
  }

  private priced(symbol: string): CoinDefinition {
    const coin = coinBySymbol(symbol);
    if (!coin || !this.coins.includes(coin)) throw new NotFoundError('找不到這個幣種');
    return coin;
  }

  private quoteOf(snapshot: Snapshot | undefined, coin: CoinDefinition): CoinQuote | null {
    const quote = snapshot?.quotes.find((candidate) => candidate.symbol === coin.symbol);
    return quote ? { symbol: coin.symbol, name: coin.name, twd: quote.twd, usd: quote.usd, change24h: Math.round(quote.change24h * 100) / 100, at: new Date(quote.at).toISOString() } : null;
  }

  /** The admin's order, or the first coins of the configuration before any choice was saved. */
  private async tickerOrder(): Promise<CoinDefinition[]> {
    const saved = await this.settings.all();
    if (saved.length === 0) return this.coins.slice(0, DEFAULT_TICKER_SIZE);
    return saved
      .filter((setting) => setting.tickerPosition !== null)
      .sort((a, b) => a.tickerPosition! - b.tickerPosition!)
      .flatMap((setting) => this.coins.find((coin) => coin.symbol === setting.symbol) ?? []);
  }

  private async tags(): Promise<Map<string, string>> {
    return new Map((await this.settings.all()).flatMap((setting) => (setting.tagSlug ? [[setting.symbol, setting.tagSlug] as const] : [])));
  }
}
