import { z } from 'zod';
import type { CoinDefinition } from '../coins.js';
import { getProviderJson } from './provider-http.js';
import { ProviderError, type PriceProvider, type Quote } from './provider.js';

/** MAX writes prices as decimal strings. */
const decimal = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,18})?$/)
  .transform(Number)
  .refine((value) => Number.isFinite(value) && value > 0, 'must be a positive price');

/** `GET /api/v2/tickers`: every market by id, `at` in seconds. */
const tickersSchema = z.record(
  z.string(),
  z.object({ at: z.number().int().positive(), open: decimal, last: decimal }).passthrough(),
);

/** The market whose price stands for one US dollar (USDT/TWD) when converting. */
const USD_MARKET = 'usdttwd';

/**
 * MAX (MaiCoin's exchange, Taiwan): TWD prices from its public tickers. It quotes no US dollars;
 * USD is the TWD price over USDT/TWD's, and the 24 h change is the last price against the open.
 */
export class MaxExchangeProvider implements PriceProvider {
  readonly name = 'max' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  covers(coin: CoinDefinition): boolean {
    return coin.maxMarket !== undefined;
  }

  async quotes(coins: CoinDefinition[]): Promise<Quote[]> {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + '/api/v2/tickers');
    const parsed = tickersSchema.safeParse(await getProviderJson(this.name, url, this.timeoutMs));
    if (!parsed.success) throw new ProviderError(this.name, 'malformed', `unexpected /api/v2/tickers answer (${parsed.error.issues[0]?.message ?? 'invalid'})`);
    const usdInTwd = parsed.data[USD_MARKET]?.last;
    if (!usdInTwd) throw new ProviderError(this.name, 'malformed', `no ${USD_MARKET} market to convert to USD`);
    const quotes: Quote[] = [];
    for (const coin of coins) {
      const ticker = coin.maxMarket ? parsed.data[coin.maxMarket] : undefined;
      if (!ticker) continue;
      quotes.push({
        symbol: coin.symbol,
        twd: ticker.last,
        usd: ticker.last / usdInTwd,
        change24h: ((ticker.last - ticker.open) / ticker.open) * 100,
        at: ticker.at * 1000,
      });
    }
    if (quotes.length === 0) throw new ProviderError(this.name, 'malformed', '/api/v2/tickers priced none of the coins asked');
    return quotes;
  }
}
