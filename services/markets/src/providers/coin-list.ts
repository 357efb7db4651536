import { z } from 'zod';
import type { Logger } from '@coinmag/service-kit';
import { getProviderJson } from './provider-http.js';
import { ProviderError } from './provider.js';

/** CoinGecko's `/coins/list` is about 15,000 coins (~1 MB); a list far beyond that is refused. */
export const COIN_LIST_MAX_BYTES = 4 * 1024 * 1024;
export const COIN_LIST_MAX_COINS = 30_000;
/** The list changes slowly: fetched again after a day, or after 10 minutes when the last try failed. */
const FRESH_MS = 86_400_000;
const RETRY_AFTER_FAILURE_MS = 10 * 60_000;
const RESULT_LIMIT = 20;

/** `GET /api/v3/coins/list`: `[{ id, symbol, name }]`. */
const coinListSchema = z
  .array(z.object({ id: z.string().min(1).max(100), symbol: z.string().min(1).max(100), name: z.string().min(1).max(200) }).passthrough())
  .min(1)
  .max(COIN_LIST_MAX_COINS);

export interface ListedCoin {
  id: string;
  symbol: string;
  name: string;
}

interface Indexed extends ListedCoin {
  symbolKey: string;
  nameKey: string;
}

/**
 * The global provider's list of coins, for 行情設定's search: fetched when first searched and
 * again once a day (bounded in size and time, validated; a failed or malformed answer is logged
 * and the last good list stays), searched here (never one provider call per keystroke).
 */
export class CoinListCache {
  private list: Indexed[] | undefined;
  private fetchedAt = 0;
  private failedAt = 0;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Fetches the list now; throws a ProviderError (the last good list kept) when it cannot be had. */
  async refresh(): Promise<void> {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + '/coins/list');
    try {
      const parsed = coinListSchema.safeParse(await getProviderJson('coingecko', url, this.timeoutMs, COIN_LIST_MAX_BYTES));
      if (!parsed.success) throw new ProviderError('coingecko', 'malformed', `unexpected /coins/list answer (${parsed.error.issues[0]?.message ?? 'invalid'})`);
      this.list = parsed.data.map((coin) => ({ id: coin.id, symbol: coin.symbol, name: coin.name, symbolKey: coin.symbol.toLowerCase(), nameKey: coin.name.toLowerCase() }));
      this.fetchedAt = this.now();
    } catch (err) {
      this.failedAt = this.now();
      this.log.warn({ provider: 'coingecko', error: (err as Error).message, kept: this.list?.length ?? 0 }, 'coin list refused; the last good list stays');
      throw err;
    }
  }

  /** The list, fetched first when there is none or it is a day old (one fetch at a time); undefined when none could be had. */
  async current(): Promise<ListedCoin[] | undefined> {
    const now = this.now();
    const stale = !this.list || now - this.fetchedAt >= FRESH_MS;
    if (stale && now - this.failedAt >= RETRY_AFTER_FAILURE_MS) {
      this.pending ??= this.refresh()
        .catch(() => undefined)
        .finally(() => (this.pending = undefined));
      await this.pending;
    }
    return this.list;
  }

  /** Coins whose symbol or name holds `term` (case-insensitive): exact symbol, exact name, symbol prefix, name prefix, then the rest; at most 20. */
  async search(term: string): Promise<ListedCoin[] | undefined> {
    const list = (await this.current()) as Indexed[] | undefined;
    if (!list) return undefined;
    const key = term.trim().toLowerCase();
    const ranked: Array<{ coin: Indexed; rank: number; index: number }> = [];
    list.forEach((coin, index) => {
      const rank = coin.symbolKey === key ? 0 : coin.nameKey === key ? 1 : coin.symbolKey.startsWith(key) ? 2 : coin.nameKey.startsWith(key) ? 3 : coin.nameKey.includes(key) || coin.symbolKey.includes(key) ? 4 : -1;
      if (rank >= 0) ranked.push({ coin, rank, index });
    });
    ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
    return ranked.slice(0, RESULT_LIMIT).map(({ coin }) => ({ id: coin.id, symbol: coin.symbol, name: coin.name }));
  }

  /** The listed coin `id`, when the list has it. */
  async byId(id: string): Promise<ListedCoin | undefined> {
    const coin = (await this.current())?.find((candidate) => candidate.id === id);
    return coin ? { id: coin.id, symbol: coin.symbol, name: coin.name } : undefined;
  }
}
