import { z } from 'zod';
import type { CoinDefinition } from '../coins.js';
import { getProviderJson } from './provider-http.js';
import { ProviderError, type HistoryPoint, type PriceProvider, type Quote } from './provider.js';

const price = z.number().finite().positive();

/** `/simple/price?ids=…&vs_currencies=twd,usd&include_24hr_change=true&include_last_updated_at=true`. */
const simplePriceSchema = z.record(
  z.string(),
  z.object({
    twd: price,
    usd: price,
    twd_24h_change: z.number().finite().nullable().optional(),
    last_updated_at: z.number().int().positive().optional(),
  }),
);

/** `/coins/{id}/market_chart?vs_currency=twd&days=N`: `prices` is `[ms, price]` pairs. */
const marketChartSchema = z.object({
  prices: z.array(z.tuple([z.number().int().positive(), price])).max(10_000),
});

/** CoinGecko's public API: every coin, TWD and USD, 24 h change, and history. */
export class CoinGeckoProvider implements PriceProvider {
  readonly name = 'coingecko' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  covers(): boolean {
    return true;
  }

  async quotes(coins: CoinDefinition[]): Promise<Quote[]> {
    const url = this.url('/simple/price');
    url.searchParams.set('ids', coins.map((coin) => coin.coingeckoId).join(','));
    url.searchParams.set('vs_currencies', 'twd,usd');
    url.searchParams.set('include_24hr_change', 'true');
    url.searchParams.set('include_last_updated_at', 'true');
    const parsed = simplePriceSchema.safeParse(await getProviderJson(this.name, url, this.timeoutMs));
    if (!parsed.success) throw new ProviderError(this.name, 'malformed', `unexpected /simple/price answer (${parsed.error.issues[0]?.message ?? 'invalid'})`);
    const now = Date.now();
    const quotes: Quote[] = [];
    for (const coin of coins) {
      const entry = parsed.data[coin.coingeckoId];
      if (!entry) continue;
      quotes.push({ symbol: coin.symbol, twd: entry.twd, usd: entry.usd, change24h: entry.twd_24h_change ?? 0, at: entry.last_updated_at ? entry.last_updated_at * 1000 : now });
    }
    if (quotes.length === 0) throw new ProviderError(this.name, 'malformed', '/simple/price priced none of the coins asked');
    return quotes;
  }

  async history(coin: CoinDefinition, days: number): Promise<HistoryPoint[]> {
    const url = this.url(`/coins/${encodeURIComponent(coin.coingeckoId)}/market_chart`);
    url.searchParams.set('vs_currency', 'twd');
    url.searchParams.set('days', String(days));
    const parsed = marketChartSchema.safeParse(await getProviderJson(this.name, url, this.timeoutMs));
    if (!parsed.success) throw new ProviderError(this.name, 'malformed', 'unexpected /market_chart answer');
    return parsed.data.prices.map(([at, twd]) => ({ at, twd })).sort((a, b) => a.at - b.at);
  }

  private url(path: string): URL {
    return new URL(this.baseUrl.replace(/\/+$/, '') + path);
  }
}
