import { z } from 'zod';

/** Where prices appear, this sentence appears too (docs/product.md, Market data). */
export const MARKETS_DISCLAIMER = '價格僅供參考，不構成投資建議';

/** A price older than this is shown with its time (「資料時間 HH:mm」). */
export const MARKETS_STALE_AFTER_MS = 2 * 60_000;

/** One coin's latest price as the markets service answers it. */
export const coinQuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  twd: z.number(),
  usd: z.number(),
  /** Percent over 24 hours, e.g. -1.25. */
  change24h: z.number(),
  /** When the provider priced it (ISO). */
  at: z.string(),
});
export type CoinQuote = z.infer<typeof coinQuoteSchema>;

/** GET /api/markets/ticker: the admin's ticker coins in order; empty when there is no snapshot. */
export const tickerSchema = z.object({ coins: z.array(coinQuoteSchema) });
export type Ticker = z.infer<typeof tickerSchema>;

export const historyPointSchema = z.object({ at: z.string(), twd: z.number() });
export type PricePoint = z.infer<typeof historyPointSchema>;

/** GET /api/markets/coins/{symbol}: the coin page's data. */
export const coinDetailSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** The tag whose articles are the coin's. */
  tag: z.string(),
  quote: coinQuoteSchema.nullable(),
  /** Percent over 7 days from the stored closes; null when there are none that old. */
  change7d: z.number().nullable(),
  /** Hourly closes over 7 days and daily closes over 90, oldest first. */
  week: z.array(historyPointSchema),
  quarter: z.array(historyPointSchema),
});
export type CoinDetail = z.infer<typeof coinDetailSchema>;

/** GET /api/markets/coins: every priced coin, in the catalogue's order. */
export const coinListSchema = z.object({
  coins: z.array(z.object({ symbol: z.string(), name: z.string(), tag: z.string(), quote: coinQuoteSchema.nullable() })),
});
export type CoinList = z.infer<typeof coinListSchema>;

/** GET /api/markets/coins/{symbol}/price-at?at=ISO: the stored close nearest then, and now. */
export const priceSinceSchema = z.object({
  symbol: z.string(),
  then: historyPointSchema.nullable(),
  now: coinQuoteSchema.nullable(),
});
export type PriceSince = z.infer<typeof priceSinceSchema>;

/** Where the admin's 行情設定 are saved (PUT). */
export const MARKETS_SETTINGS_PATH = '/api/admin/markets/settings';

/** PUT /api/admin/markets/settings: the ticker's coins in order and each coin's tag. */
export const marketSettingsInputSchema = z.object({
  ticker: z.array(z.string().regex(/^[a-z0-9]{1,16}$/)).max(12),
  tags: z.record(z.string().regex(/^[a-z0-9]{1,16}$/), z.string().trim().min(1).max(60)),
});
export type MarketSettingsInput = z.infer<typeof marketSettingsInputSchema>;

/** GET /api/admin/markets: 行情設定's page. */
export interface MarketsAdminState {
  catalogue: Array<{ symbol: string; name: string; tag: string; inTicker: boolean }>;
  ticker: string[];
  providers: Array<{ name: string; lastSuccessAt: string | null; lastErrorAt: string | null; lastError: string | null; nextTryAt: string | null }>;
  snapshotAt: string | null;
}
