import type { CoinDetail, CoinList, CoinQuote, CoinSearchAnswer, MarketSettingsInput, MarketsAdminState, PriceSince, Ticker } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '@coinmag/service-kit';
import type { CoinDefinition } from '../coins.js';
import type { CoinListCache } from '../providers/coin-list.js';
import type { AddedCoinsRepository } from './added-coins.repository.js';
import type { PricedCoin, PricedCoins } from './priced-coins.js';
import type { HistoryRepository } from '../history/history.repository.js';
import type { ProviderName } from '../providers/provider.js';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.js';
import type { CoinSettingsRepository, CoinSetting } from './coin-settings.repository.js';

/** Coins in the ticker when the admin has chosen none. */
const DEFAULT_TICKER_SIZE = 4;
const DAY_MS = 86_400_000;
/** Added coins at most: every refresh asks for all priced coins in one `/simple/price` call. */
export const MAX_ADDED_COINS = 50;

/** What adding a coin from the provider's list needs: the list, where added coins are kept, and a way to price one at once. */
export interface CoinAdding {
  list: Pick<CoinListCache, 'search' | 'byId' | 'current'>;
  repository: AddedCoinsRepository;
  priceNow(coin: CoinDefinition): Promise<boolean>;
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** The public answers (ticker, coin pages, price since publication) and the admin's 行情設定. */
export class MarketsService {
  constructor(
    private readonly coins: PricedCoins,
    private readonly providerNames: ProviderName[],
    private readonly store: SnapshotStore,
    private readonly history: HistoryRepository,
    private readonly settings: CoinSettingsRepository,
    private readonly adding: CoinAdding,
  ) {}

  async ticker(): Promise<Ticker> {
    const [snapshot, order] = await Promise.all([this.store.read(), this.tickerOrder()]);
    return { coins: order.flatMap((coin) => this.quoteOf(snapshot, coin) ?? []) };
  }

  async list(): Promise<CoinList> {
    const [snapshot, tags, coins] = await Promise.all([this.store.read(), this.tags(), this.coins.all()]);
    return { coins: coins.map((coin) => ({ symbol: coin.symbol, name: coin.name, tag: tags.get(coin.symbol) ?? coin.defaultTag, quote: this.quoteOf(snapshot, coin) })) };
  }

  async detail(symbol: string, now = Date.now()): Promise<CoinDetail> {
    const coin = await this.priced(symbol);
    const [snapshot, tags, week, quarter] = await Promise.all([this.store.read(), this.tags(), this.history.hourlySince(coin.symbol, now - 7 * DAY_MS), this.history.dailySince(coin.symbol, now - 90 * DAY_MS)]);
    const quote = this.quoteOf(snapshot, coin);
    const weekAgo = week[0];
    const change7d = quote && weekAgo && weekAgo.at <= now - 6.5 * DAY_MS ? ((quote.twd - weekAgo.twd) / weekAgo.twd) * 100 : null;
    const points = (list: typeof week) => list.map((point) => ({ at: new Date(point.at).toISOString(), twd: point.twd }));
    return { symbol: coin.symbol, name: coin.name, tag: tags.get(coin.symbol) ?? coin.defaultTag, quote, change7d, week: points(week), quarter: points(quarter) };
  }

  async priceSince(symbol: string, at: number): Promise<PriceSince> {
    const coin = await this.priced(symbol);
    const [then, snapshot] = await Promise.all([this.history.priceAt(coin.symbol, at), this.store.read()]);
    return { symbol: coin.symbol, then: then ? { at: new Date(then.at).toISOString(), twd: then.twd } : null, now: this.quoteOf(snapshot, coin) };
  }

  async adminState(): Promise<MarketsAdminState> {
    const [snapshot, states, order, tags, coins] = await Promise.all([this.store.read(), this.store.readStates(), this.tickerOrder(), this.tags(), this.coins.all()]);
    const inTicker = new Set(order.map((coin) => coin.symbol));
    const byName = new Map(states.map((state) => [state.name, state]));
    return {
      catalogue: coins.map((coin) => ({ symbol: coin.symbol, name: coin.name, tag: tags.get(coin.symbol) ?? coin.defaultTag, inTicker: inTicker.has(coin.symbol), providerId: coin.coingeckoId, added: coin.added })),
      ticker: order.map((coin) => coin.symbol),
      providers: this.providerNames.map((name) => {
        const state = byName.get(name);
        return { name, lastSuccessAt: iso(state?.lastSuccessAt), lastErrorAt: iso(state?.lastErrorAt), lastError: state?.lastError ?? null, nextTryAt: state && state.nextTryAt > 0 ? iso(state.nextTryAt) : null };
      }),
      snapshotAt: iso(snapshot?.fetchedAt),
    };
  }

  async saveSettings(input: MarketSettingsInput): Promise<MarketsAdminState> {
    const coins = await this.coins.all();
    const known = new Set(coins.map((coin) => coin.symbol));
    const unknown = [...input.ticker, ...Object.keys(input.tags)].find((symbol) => !known.has(symbol));
    if (unknown) throw new ValidationError('ticker', `不支援的幣種：${unknown}`);
    if (new Set(input.ticker).size !== input.ticker.length) throw new ValidationError('ticker', '同一幣種只能出現一次');
    const rows: CoinSetting[] = coins.map((coin) => {
      const position = input.ticker.indexOf(coin.symbol);
      return { symbol: coin.symbol, tickerPosition: position === -1 ? null : position, tagSlug: input.tags[coin.symbol] ?? null };
    });
    await this.settings.replaceAll(rows);
    return this.adminState();
  }

  /** 行情設定's search of the provider's list (name or symbol), each result marked when it is priced already. */
  async searchCoins(term: string): Promise<CoinSearchAnswer> {
    const [found, coins] = await Promise.all([this.adding.list.search(term), this.coins.all()]);
    if (!found) throw new ServiceUnavailableError('暫時無法取得幣種清單，請稍後再試', 60);
    const priced = new Set(coins.map((coin) => coin.coingeckoId));
    return { results: found.map((coin) => ({ ...coin, priced: priced.has(coin.id) })) };
  }

  /**
   * Prices the provider's coin `id` from now on, under its symbol (lower-cased): refused when the
   * list lacks it, its symbol cannot be a path, another priced coin has the symbol (the first
   * keeps it), or no provider can price it now. Priced at once, so the next page's ticker has it.
   */
  async addCoin(id: string): Promise<MarketsAdminState> {
    const listed = await this.adding.list.byId(id);
    if (!listed) {
      if (!(await this.adding.list.current())) throw new ServiceUnavailableError('暫時無法取得幣種清單，請稍後再試', 60);
      throw new ValidationError('id', '幣種清單中沒有這個幣種');
    }
    const symbol = listed.symbol.toLowerCase();
    if (!/^[a-z0-9]{1,16}$/.test(symbol)) throw new ValidationError('id', `「${listed.name}」的代號 ${listed.symbol} 無法作為網址，不能加入`);
    const coins = await this.coins.all();
    if (coins.some((coin) => coin.coingeckoId === listed.id)) throw new ConflictError(`「${listed.name}」已在報價幣種中`, 'id');
    if (coins.filter((coin) => coin.added).length >= MAX_ADDED_COINS) throw new ValidationError('id', `最多只能自行加入 ${MAX_ADDED_COINS} 個幣種，請先停止其他幣種的報價`);
    const holder = coins.find((coin) => coin.symbol === symbol);
    if (holder) throw new ConflictError(`代號 ${symbol.toUpperCase()} 已由「${holder.name}」使用，同一代號只能有一個幣種；請先移除「${holder.name}」`, 'id');
    const added = { symbol, providerId: listed.id, name: listed.name, twdMarket: null };
    if (!(await this.adding.repository.insert(added))) throw new ConflictError(`代號 ${symbol.toUpperCase()} 已被使用`, 'id');
    const coin = await this.coins.bySymbol(symbol);
    if (!(await this.adding.priceNow(coin!))) {
      await this.adding.repository.remove(symbol);
      throw new ServiceUnavailableError(`目前無法取得「${listed.name}」的價格，未加入；請稍後再試`, 60);
    }
    return this.adminState();
  }

  /** Stops pricing a coin the admin added (configured coins stay: MARKETS_COINS). */
  async removeCoin(symbol: string): Promise<MarketsAdminState> {
    const coin = await this.coins.bySymbol(symbol);
    if (!coin) throw new NotFoundError('找不到這個幣種');
    if (!coin.added) throw new ValidationError('symbol', `${coin.name} 是設定檔指定的幣種，只能從跑馬燈移除`);
    await this.adding.repository.remove(coin.symbol);
    return this.adminState();
  }

  private async priced(symbol: string): Promise<PricedCoin> {
    const coin = await this.coins.bySymbol(symbol);
    if (!coin) throw new NotFoundError('找不到這個幣種');
    return coin;
  }

  private quoteOf(snapshot: Snapshot | undefined, coin: CoinDefinition): CoinQuote | null {
    const quote = snapshot?.quotes.find((candidate) => candidate.symbol === coin.symbol);
    return quote ? { symbol: coin.symbol, name: coin.name, twd: quote.twd, usd: quote.usd, change24h: Math.round(quote.change24h * 100) / 100, at: new Date(quote.at).toISOString() } : null;
  }

  /** The admin's order, or the first coins of the configuration before any choice was saved. */
  private async tickerOrder(): Promise<CoinDefinition[]> {
    const [saved, coins] = await Promise.all([this.settings.all(), this.coins.all()]);
    if (saved.length === 0) return coins.slice(0, DEFAULT_TICKER_SIZE);
    return saved
      .filter((setting) => setting.tickerPosition !== null)
      .sort((a, b) => a.tickerPosition! - b.tickerPosition!)
      .flatMap((setting) => coins.find((coin) => coin.symbol === setting.symbol) ?? []);
  }

  private async tags(): Promise<Map<string, string>> {
    return new Map((await this.settings.all()).flatMap((setting) => (setting.tagSlug ? [[setting.symbol, setting.tagSlug] as const] : [])));
  }
}
